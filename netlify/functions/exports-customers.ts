import type { Config } from '@netlify/functions';
import { exportsApi } from '@/lib/api/exports';
import { exportCustomers } from '../lib/exports';
import { defineHandler, on } from '../lib/handler';

/** The customers the list's search and filters match, as a CSV download streamed a page at a time. */
export default defineHandler(on(exportsApi.customers)(async ({ db, query }) => exportCustomers(db, query)));

export const config: Config = { path: '/api/exports/customers' };
