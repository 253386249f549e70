import type { Config } from '@netlify/functions';
import { runsApi } from '@/lib/api/runs';
import { defineHandler, on } from '../lib/handler';
import { sheetFrom, sheetReads } from '../lib/run-reads';

/** One run and the company's name: the printed run sheet. */
export default defineHandler(
  on(runsApi.get)(async ({ results }) => ({ status: 'success', data: sheetFrom(results) }), {
    reads: ({ params }) => sheetReads(params.runId),
  }),
);

export const config: Config = { path: '/api/runs/:runId' };
