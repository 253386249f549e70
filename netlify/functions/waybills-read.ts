import type { Config } from '@netlify/functions';
import { waybillsApi } from '@/lib/api/waybills';
import { defineHandler, on } from '../lib/handler';
import { waybillReads, waybillsFrom } from '../lib/waybills';

/** What the waybill page prints for the shipments asked, read with the session check in one round trip. */
export default defineHandler(
  on(waybillsApi.get)(
    async ({ query, results }) => ({ status: 'success', data: waybillsFrom(query.numbers, results) }),
    {
      reads: ({ query }) => waybillReads(query.numbers),
    },
  ),
);

export const config: Config = { path: '/api/waybills' };
