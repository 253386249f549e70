import type { Config } from '@netlify/functions';
import { exportsApi } from '@/lib/api/exports';
import { exportQuoteRequests } from '../lib/exports';
import { defineHandler, on } from '../lib/handler';

/** The quote requests the list's search and filters match, as a CSV download streamed a page at a time. */
export default defineHandler(on(exportsApi.quoteRequests)(async ({ db, query }) => exportQuoteRequests(db, query)));

export const config: Config = { path: '/api/exports/quote-requests' };
