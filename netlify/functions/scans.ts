import type { Config } from '@netlify/functions';
import { scansApi } from '@/lib/api/scans';
import type { ScanResult } from '@/lib/schemas/scans';
import { authorizeSessionOrKey } from '../lib/api-keys';
import { purgeLookups } from '../lib/cdn';
import { handle, reply } from '../lib/http';
import { deliverAfterAnswer } from '../lib/outbox-delivery';
import { readJson } from '../lib/request-body';
import { applyScans } from '../lib/scans';

const endpoint = scansApi.create;
/** 500 events with their notes: more than the usual 64 KB. */
export const SCANS_MAX_BYTES = 1024 * 1024;

/** Bulk scans from a device (API key) or staff: applied in order, idempotent by event id. */
export default handle(async (request, context) => {
  const { db, actor, source } = await authorizeSessionOrKey(request, endpoint.method);
  const { events } = await readJson(request, endpoint.body, { maxBytes: SCANS_MAX_BYTES });
  const results = await applyScans(db, events, actor, source);
  // Each scan that added history changed its shipment's public answer.
  const changed = results.filter((item) => item.result === 'applied' || item.result === 'history_only');
  await purgeLookups(
    context,
    changed.map((item) => item.tracking_number),
  );
  deliverAfterAnswer(context);
  const count = (result: ScanResult['result']) => results.filter((item) => item.result === result).length;
  return reply(endpoint, {
    status: 'success',
    data: results,
    meta: {
      applied: count('applied'),
      history_only: count('history_only'),
      duplicate: count('duplicate'),
      not_found: count('not_found'),
      rejected: count('rejected'),
    },
  });
});

export const config: Config = {
  path: '/api/scans',
};
