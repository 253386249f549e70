import type { Client, InStatement, ResultSet } from '@libsql/client';
import { z } from 'zod';
import { depotOf } from '@/data/depots';
import { dateIn } from '@/lib/company-day';
import { formatPlace } from '@/lib/place';
import {
  EXCEPTION_ACTION_LABELS,
  EXCEPTION_ACTIONS,
  type ExceptionActionInput,
  exceptionActionResultSchema,
} from '@/lib/schemas/exception';
import { FINAL_STATUSES } from '@/lib/shipment-status';
import { type StaffUser, shipmentActivity } from './activity';
import { HttpError, invalidInput } from './http';
import type { SqlPart } from './notification-settings';
import { statusUpdateMail } from './outbox';
import { decodeFirst } from './rows';
import { settingsFrom, settingsRead } from './settings';
import { historyEntryStatement } from './shipment-statements';
import { placeholders } from './sql';
import { newToken } from './tokens';

/**
 * What staff do about a row of the exceptions queue: schedule another attempt, hold the parcel at a
 * depot, return it to the sender, or note a call with the recipient. Each is one batch: the action's
 * row (who, when), the shipment's change, its history entry and email where the status changes, the
 * audit entry, and the recipient's open requests marked handled. The action's row goes in first under
 * the browser's id for the click; the rest of the batch applies only where this request's row went in,
 * so the same click sent twenty times at once is recorded once.
 */

const FINAL = placeholders(FINAL_STATUSES);

/** The day after a company's today a date must not precede: an attempt or a collection is not in the past. */
function notBefore(today: string, input: ExceptionActionInput) {
  const errors: Record<string, string[]> = {};
  if (input.attempt_on && input.attempt_on < today) errors.attempt_on = ['Must be today or later'];
  if (input.pickup_until && input.pickup_until < today) errors.pickup_until = ['Must be today or later'];
  if (Object.keys(errors).length) throw invalidInput(errors);
}

const recordedSchema = z.object({
  shipment: z.string(),
  action: z.enum(EXCEPTION_ACTIONS),
  by: z.string(),
  at: z.iso.datetime(),
  note: z.string().nullable(),
});

/** What an action reads with the session check: the company's settings, whose zone says which day is today. */
export const actionReads = (): InStatement[] => [settingsRead('company')];

/** Records the action, from what `actionReads` read. */
export async function actOnException(
  db: Client,
  trackingNumber: string,
  input: ExceptionActionInput,
  actor: StaffUser,
  [company]: ResultSet[],
  now = new Date(),
) {
  // biome-ignore lint/style/noNonNullAssertion: db.batch answers one result per statement, and this one is in the batch
  notBefore(dateIn(settingsFrom('company', company!).data.time_zone, now.getTime()), input);
  const time = now.toISOString();
  const nonce = newToken();
  const mine: SqlPart = {
    sql: 'EXISTS (SELECT 1 FROM exception_actions WHERE action_id = ? AND nonce = ?)',
    args: [input.action_id, nonce],
  };
  const results = await db.batch(
    [
      {
        sql: `INSERT INTO exception_actions (action_id, nonce, shipment_id, action, note, actor_id, actor_name, created_at)
              SELECT ?, ?, s.id, ?, ?, u.id, coalesce(u.name, u.email), ?
              FROM shipments s JOIN admin_users u ON u.id = ?
              WHERE s.tracking_number = ? AND s.status NOT IN (${FINAL})
              ON CONFLICT (action_id) DO NOTHING`,
        args: [
          input.action_id,
          nonce,
          input.action,
          input.note ?? null,
          time,
          actor.id,
          trackingNumber,
          ...FINAL_STATUSES,
        ],
      },
      ...changes(trackingNumber, input, actor, time, mine),
      {
        sql: `UPDATE delivery_requests SET handled_at = ?, handled_by = (SELECT actor_name FROM exception_actions WHERE action_id = ?)
              WHERE handled_at IS NULL AND shipment_id = (SELECT id FROM shipments WHERE tracking_number = ?) AND ${mine.sql}`,
        args: [time, input.action_id, trackingNumber, ...mine.args],
      },
      {
        sql: `SELECT s.tracking_number AS shipment, a.action, a.actor_name AS by, a.created_at AS at, a.note
              FROM exception_actions a JOIN shipments s ON s.id = a.shipment_id WHERE a.action_id = ?`,
        args: [input.action_id],
      },
    ],
    'write',
  );
  const recorded = decodeFirst(recordedSchema, results.at(-1)?.rows ?? []);
  if (!recorded) {
    const known = await db.execute({
      sql: 'SELECT status FROM shipments WHERE tracking_number = ?',
      args: [trackingNumber],
    });
    if (!known.rows.length) throw new HttpError(404, 'Shipment not found.');
    throw new HttpError(409, 'This shipment is delivered or returned: nothing is left to handle.');
  }
  if (recorded.shipment !== trackingNumber || recorded.action !== input.action) {
    throw invalidInput({ action_id: ['This action id was already used for another action'] });
  }
  return exceptionActionResultSchema.parse({
    tracking_number: recorded.shipment,
    action: recorded.action,
    by: recorded.by,
    at: recorded.at,
    note: recorded.note,
  });
}

/** The shipment's side of each action, every statement applying only with this request's own row. */
function changes(
  trackingNumber: string,
  input: ExceptionActionInput,
  actor: StaffUser,
  time: string,
  mine: SqlPart,
): InStatement[] {
  const log = (details: string) => shipmentActivity(actor, 'exception_handled', trackingNumber, details, time, mine);
  const label = EXCEPTION_ACTION_LABELS[input.action];
  switch (input.action) {
    case 'reattempt':
      // The status stays a failed attempt, now with its next day: the public page says when, and the
      // queue lists it again only if that day passes. The promise moves to that day if it was earlier.
      return [
        {
          sql: `UPDATE shipments SET next_attempt_on = ?, pickup_depot = NULL, pickup_until = NULL,
                  estimated_delivery = max(coalesce(estimated_delivery, ?), ?), updated_at = ?
                WHERE tracking_number = ? AND ${mine.sql}`,
          args: [
            input.attempt_on ?? null,
            input.attempt_on ?? null,
            input.attempt_on ?? null,
            time,
            trackingNumber,
            ...mine.args,
          ],
        },
        log(`${label} for ${input.attempt_on}`),
      ];
    case 'hold_at_depot': {
      const depot = depotOf(input.pickup_depot ?? 'sacramento');
      const place = formatPlace(depot.city, depot.country);
      return [
        {
          sql: `UPDATE shipments SET status = 'available_for_pickup', pickup_depot = ?, pickup_until = ?,
                  next_attempt_on = NULL, current_location = ?, updated_at = ?
                WHERE tracking_number = ? AND ${mine.sql}`,
          args: [depot.code, input.pickup_until ?? null, place, time, trackingNumber, ...mine.args],
        },
        historyEntryStatement(
          trackingNumber,
          {
            notes: input.note ?? null,
            created_at: time,
            status: 'available_for_pickup',
            place,
          },
          mine,
        ),
        log(`${label}: ${depot.city} until ${input.pickup_until}`),
        ...statusUpdateMail(trackingNumber, input.note ?? null, time, time, mine),
      ];
    }
    case 'return_to_sender':
      return [
        {
          sql: `UPDATE shipments SET status = 'returned_to_sender', next_attempt_on = NULL, pickup_depot = NULL,
                  pickup_until = NULL, updated_at = ?
                WHERE tracking_number = ? AND ${mine.sql}`,
          args: [time, trackingNumber, ...mine.args],
        },
        historyEntryStatement(
          trackingNumber,
          {
            notes: input.note ?? null,
            created_at: time,
            status: 'returned_to_sender',
          },
          mine,
        ),
        log(label),
        ...statusUpdateMail(trackingNumber, input.note ?? null, time, time, mine),
      ];
    case 'call_noted':
      return [log(`${label}: ${input.note}`)];
  }
}
