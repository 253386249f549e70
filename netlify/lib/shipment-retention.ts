import type { Client } from '@libsql/client';
import { monthsBefore } from '@/lib/company-day';
import { SHIPMENT_KEEP_YEARS } from '@/lib/shipment-retention';
import { forgetShipments } from './activity-forget';
import { queueBlobDeletions } from './blob-deletions';
import { deleteCollectedPickups } from './pickups';
import { deleteBookedQuotes } from './quotes';

/** Shipments one housekeeping run deletes at most (each takes its history, stops and proofs): the next catches up. */
const SHIPMENT_PURGE_LIMIT = 200;

/**
 * Housekeeping: deletes the shipments neither created nor changed in the last SHIPMENT_KEEP_YEARS, in one
 * transaction with what only they explain: their entries in the activity log, the collected pickups and the
 * booked quote requests that led to them (whose entries then name no one); their history, notes, changes,
 * stops, pieces, proofs, exceptions and mail go with them (ON DELETE CASCADE), and the proofs' images are queued
 * for deletion (`deleteQueuedBlobs`, after the transaction). How many shipments went.
 */
export async function purgeExpiredShipments(db: Client, now = new Date()): Promise<number> {
  const cutoff = monthsBefore(now, SHIPMENT_KEEP_YEARS * 12).toISOString();
  // Read again by each statement: the same rows throughout, as nothing else writes inside the transaction.
  const ids = {
    sql: 'SELECT id FROM shipments WHERE created_at < ? AND updated_at < ? ORDER BY created_at, id LIMIT ?',
    args: [cutoff, cutoff, SHIPMENT_PURGE_LIMIT],
  };
  const numbers = { sql: `SELECT tracking_number FROM shipments WHERE id IN (${ids.sql})`, args: ids.args };
  const images = {
    sql: `SELECT signature_key AS key FROM proofs WHERE shipment_id IN (${ids.sql})
          UNION ALL SELECT photo_key FROM proofs WHERE shipment_id IN (${ids.sql})`,
    args: [...ids.args, ...ids.args],
  };
  const results = await db.batch(
    [
      queueBlobDeletions('proof-images', images, now.toISOString()),
      forgetShipments(numbers),
      ...deleteCollectedPickups(numbers),
      ...deleteBookedQuotes(numbers, cutoff),
      { sql: `DELETE FROM shipments WHERE id IN (${ids.sql})`, args: ids.args },
    ],
    'write',
  );
  return results.at(-1)?.rowsAffected ?? 0;
}
