import type { Config } from '@netlify/functions';
import { auditApi } from '@/lib/api/audit';
import { listAudit } from '../lib/audit';
import { defineHandler, on } from '../lib/handler';

/** The audit trail, a page at a time, for admins. */
export default defineHandler(
  on(auditApi.list)(async ({ db, query }) => ({ status: 'success', ...(await listAudit(db, query)) })),
);

export const config: Config = { path: '/api/audit' };
