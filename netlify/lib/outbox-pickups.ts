import type { InStatement } from '@libsql/client';
import { INSERT } from './outbox';

/**
 * The outbox's statements for pickups, for the batch of the write that causes each email (see
 * outbox.ts): the confirmation with the link (on booking and on a move), and the cancellation. Each
 * comes right after the write it reports and queues only when that write changed the pickup
 * (`changes()`): two calls in one millisecond leave the same timestamps, so those alone cannot tell
 * which call made the change. It reads the pickup by its token's hash, as the batch has left it.
 */

const PICKUP_JSON = `'name', p.name, 'address', p.address, 'city', p.city, 'pickup_date', p.pickup_date,
  'pickup_window', p.pickup_window, 'pieces', p.pieces, 'weight_kg', p.weight_kg`;

/** The confirmation, carrying the token its link needs (the pickup keeps only the hash). */
export function pickupConfirmedMail(tokenHash: string, token: string, moved: boolean, at: string): InStatement {
  return {
    sql: `${INSERT}
          SELECT 'pickup_confirmed', 'customer', p.email, NULL, NULL,
                 json_object(${PICKUP_JSON}, 'token', ?, 'moved', json(?)), ?, ?
          FROM pickups p WHERE changes() > 0 AND p.token_hash = ? AND p.status = 'requested' AND p.updated_at = ?`,
    args: [token, moved ? 'true' : 'false', at, at, tokenHash, at],
  };
}

/** The cancellation, when this batch cancelled the pickup. */
export function pickupCancelledMail(tokenHash: string, at: string): InStatement {
  return {
    sql: `${INSERT}
          SELECT 'pickup_cancelled', 'customer', p.email, NULL, NULL, json_object(${PICKUP_JSON}), ?, ?
          FROM pickups p WHERE changes() > 0 AND p.token_hash = ? AND p.status = 'cancelled' AND p.cancelled_at = ?`,
    args: [at, at, tokenHash, at],
  };
}
