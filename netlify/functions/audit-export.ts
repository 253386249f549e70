import type { Config } from '@netlify/functions';
import { auditApi } from '@/lib/api/audit';
import { exportAudit } from '../lib/audit';
import { defineHandler, on } from '../lib/handler';

/** The audit trail as a CSV download, with the list's filters, streamed a page at a time. */
export default defineHandler(on(auditApi.export)(async ({ db, query }) => exportAudit(db, query)));

export const config: Config = { path: '/api/audit/export' };
