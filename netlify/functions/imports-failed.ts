import type { Config } from '@netlify/functions';
import { importsApi } from '@/lib/api/imports';
import { defineHandler, on } from '../lib/handler';
import { failedRowsCsv } from '../lib/imports';

/** An import's failed rows, with their errors, as CSV to fix and send again. */
export default defineHandler(on(importsApi.failed)(({ db, params }) => failedRowsCsv(db, params.importId)));

export const config: Config = { path: '/api/imports/:importId/failed' };
