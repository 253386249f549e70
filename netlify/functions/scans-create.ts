import type { Config } from '@netlify/functions';
import { scansApi } from '@/lib/api/scans';
import { defineHandler, on } from '../lib/handler';
import { applyScans, SCANS_MAX_BYTES, scanReads, scansAnswer, scansChanged } from '../lib/scans';

/** Bulk scans from a device (API key) or staff: applied in order, idempotent by event id. */
export default defineHandler(
  on(scansApi.create)(
    async ({ db, body, actor, source, results }) =>
      scansAnswer(await applyScans(db, body.events, actor, source, results)),
    {
      reads: ({ body, caller }) => scanReads(body.events, caller.source),
      maxBytes: SCANS_MAX_BYTES,
      purges: ({ data }) => scansChanged(data),
      delivers: true,
    },
  ),
);

export const config: Config = { path: '/api/scans' };
