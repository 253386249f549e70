import type { Client, InStatement } from '@libsql/client';
import { z } from 'zod';
import { monthsBefore } from '@/lib/company-day';
import { SHIPMENT_KEEP_YEARS } from '@/lib/shipment-retention';
import { forgetShipments } from './activity-forget';
import { proofImages } from './blobs';
import { deleteCollectedPickups } from './pickups';
import { deleteBookedQuotes } from './quotes';
import { decodeRows } from './rows';

/** Shipments one housekeeping run deletes at most (each takes its history, stops and proofs): the next catches up. */
const SHIPMENT_PURGE_LIMIT = 200;

const proofKeysSchema = z.object({ signature_key: z.string(), photo_key: z.string().nullable() });

/**
 * Housekeeping: deletes the shipments neither created nor changed in the last SHIPMENT_KEEP_YEARS, in one
 * transaction with what only they explain: their entries in the activity log, the collected pickups and the
 * booked quote requests that led to them (whose entries then name no one); their history, notes, changes,
 * stops, pieces, proofs, exceptions and mail go with them (ON DELETE CASCADE). The proofs' images are deleted
 * once that has committed; one that fails is logged and stays in the store. How many shipments went.
 */
export async function purgeExpiredShipments(db: Client, now = new Date()): Promise<number> {
  const cutoff = monthsBefore(now, SHIPMENT_KEEP_YEARS * 12).toISOString();
  // Read again by each statement: the same rows throughout, as nothing else writes inside the transaction.
  const ids = {
    sql: 'SELECT id FROM shipments WHERE created_at < ? AND updated_at < ? ORDER BY created_at, id LIMIT ?',
    args: [cutoff, cutoff, SHIPMENT_PURGE_LIMIT],
  };
  const numbers = { sql: `SELECT tracking_number FROM shipments WHERE id IN (${ids.sql})`, args: ids.args };
  const statements: InStatement[] = [
    { sql: `SELECT signature_key, photo_key FROM proofs WHERE shipment_id IN (${ids.sql})`, args: ids.args },
    forgetShipments(numbers),
    ...deleteCollectedPickups(numbers),
    ...deleteBookedQuotes(numbers, cutoff),
    { sql: `DELETE FROM shipments WHERE id IN (${ids.sql})`, args: ids.args },
  ];
  const results = await db.batch(statements, 'write');
  const keys = decodeRows(proofKeysSchema, results[0]?.rows ?? []).flatMap((proof) =>
    proof.photo_key ? [proof.signature_key, proof.photo_key] : [proof.signature_key],
  );
  if (keys.length > 0) await deleteImages(keys);
  return results.at(-1)?.rowsAffected ?? 0;
}

async function deleteImages(keys: string[]): Promise<void> {
  const store = proofImages();
  const outcomes = await Promise.allSettled(keys.map((key) => store.delete(key)));
  const failed = outcomes.filter((outcome) => outcome.status === 'rejected');
  if (failed.length > 0) {
    console.error('[housekeeping] proof images left in the store', failed.length, failed[0]?.reason);
  }
}
