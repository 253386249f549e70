import type { Client, InStatement, ResultSet } from '@libsql/client';
import { z } from 'zod';
import { company } from '@/data/company';
import { PICKUP_NOTICE_HOURS, type PickupWindow, slotProblems, slotText, windowStart } from '@/lib/pickup-hours';
import { PICKUP_STATUSES, type PublicPickup, publicPickupSchema } from '@/lib/schemas/pickup';
import { pickupCustomerActivity } from './activity';
import { HttpError, invalidInput } from './http';
import { pickupCancelledMail, pickupConfirmedMail } from './outbox-pickups';
import { decodeFirst } from './rows';
import { settingsFrom, settingsRead } from './settings';
import { hashToken } from './tokens';

/**
 * The page of a pickup's emailed link: what it shows, and moving or cancelling the pickup until its
 * cut-off (PICKUP_NOTICE_HOURS before its window starts). Each change is one conditional write on the
 * token's hash, the status and the window's start, so of parallel changes none lands after the cut-off
 * or on a pickup cancelled or collected meanwhile.
 */

const NOT_VALID =
  'We did not send this link: it may have been mistyped or cut short. Please open the link from our latest email.';
const CALL_US = `Please call us on ${company.phone}.`;

const linkRow = publicPickupSchema
  .omit({ change_until: true, changeable: true })
  .extend({ status: z.enum(PICKUP_STATUSES), window_start: z.string(), tracking_number: z.string().nullable() });
type LinkRow = z.infer<typeof linkRow>;

const COLUMNS =
  'name, address, city, pickup_date, pickup_window, pieces, weight_kg, status, window_start, tracking_number';

/** The read of a link's pickup by its token's hash (`foundLink` decodes it). */
const pickupByToken = (tokenHash: string): InStatement => ({
  sql: `SELECT ${COLUMNS} FROM pickups WHERE token_hash = ?`,
  args: [tokenHash],
});

/** The pickup a `pickupByToken` read found, or 404 for a link we did not send. */
function foundLink(found: ResultSet | undefined): LinkRow {
  const row = decodeFirst(linkRow, found?.rows ?? []);
  if (!row) throw new HttpError(404, NOT_VALID);
  return row;
}

const cutOff = (row: LinkRow) => new Date(Date.parse(row.window_start) - PICKUP_NOTICE_HOURS * 3_600_000).toISOString();

function shown(row: LinkRow, now: number): PublicPickup {
  const { window_start: _start, tracking_number: _number, ...rest } = row;
  const changeUntil = cutOff(row);
  return {
    ...rest,
    change_until: changeUntil,
    changeable: row.status === 'requested' && Date.parse(changeUntil) > now,
  };
}

/** Why a link's pickup cannot be changed now, in words for its page. */
function refusal(row: LinkRow): HttpError {
  if (row.status === 'cancelled') return new HttpError(410, 'This pickup was cancelled. Book a new one at any time.');
  if (row.status === 'picked_up') {
    return new HttpError(410, `This pickup was collected: your shipment's tracking number is ${row.tracking_number}.`);
  }
  return new HttpError(
    410,
    `This pickup can no longer be changed here: changes close ${PICKUP_NOTICE_HOURS} hours before the window starts. ${CALL_US}`,
  );
}

/** What a link shows: the pickup and whether it can still be changed; 404 for a link we did not send. */
export async function readPickupLink(db: Client, token: string, now = Date.now()): Promise<PublicPickup> {
  return shown(foundLink(await db.execute(pickupByToken(hashToken(token)))), now);
}

/** Cancels the pickup of a link, with its email, if still in time; the answer is read in the same transaction. */
export async function cancelPickup(db: Client, token: string, now = Date.now()): Promise<PublicPickup> {
  const tokenHash = hashToken(token);
  const at = new Date(now).toISOString();
  const cutOffNow = new Date(now + PICKUP_NOTICE_HOURS * 3_600_000).toISOString();
  const [cancelled, , , after] = await db.batch(
    [
      {
        sql: `UPDATE pickups SET status = 'cancelled', cancelled_at = ?, updated_at = ?, run_id = NULL
              WHERE token_hash = ? AND status = 'requested' AND window_start > ?`,
        args: [at, at, tokenHash, cutOffNow],
      },
      pickupCancelledMail(tokenHash, at),
      pickupCustomerActivity('pickup_cancelled', tokenHash, 'From the emailed link', at),
      pickupByToken(tokenHash),
    ],
    'write',
  );
  const row = foundLink(after);
  if (!cancelled?.rowsAffected) throw refusal(row);
  return shown(row, now);
}

/** What a move reads first, in one round trip: the link's pickup and the company's time zone and closed days. */
export const moveReads = (token: string): InStatement[] => [
  pickupByToken(hashToken(token)),
  settingsRead('company'),
  settingsRead('closed_days'),
];

/**
 * Moves the pickup `moveReads` found (404 when none) to another day and window (refused naming the field
 * when it cannot take them), if still in time: it leaves its run, since a run is one day's, and the
 * confirmation is emailed again with the same link. The answer is read in the write's transaction.
 */
export async function movePickup(
  db: Client,
  [found, companyRead, closedRead]: ResultSet[],
  move: { token: string; pickup_date: string; pickup_window: PickupWindow },
  now = Date.now(),
): Promise<PublicPickup> {
  const tokenHash = hashToken(move.token);
  const current = foundLink(found);
  if (!shown(current, now).changeable) throw refusal(current);
  if (!companyRead || !closedRead) throw new Error('Moving a pickup needs the answers of its settings reads');
  const zone = settingsFrom('company', companyRead).data.time_zone;
  const closedDays = settingsFrom('closed_days', closedRead).data.days;
  const problems = slotProblems(zone, move.pickup_date, move.pickup_window, now, closedDays);
  if (Object.keys(problems).length) throw invalidInput(problems);
  const at = new Date(now).toISOString();
  const cutOffNow = new Date(now + PICKUP_NOTICE_HOURS * 3_600_000).toISOString();
  const [moved, , , after] = await db.batch(
    [
      {
        sql: `UPDATE pickups SET pickup_date = ?, pickup_window = ?, window_start = ?, run_id = NULL,
                assigned_by = NULL, assigned_at = NULL, updated_at = ?
              WHERE token_hash = ? AND status = 'requested' AND window_start > ?
                AND (pickup_date <> ? OR pickup_window <> ?)`,
        args: [
          move.pickup_date,
          move.pickup_window,
          windowStart(zone, move.pickup_date, move.pickup_window),
          at,
          tokenHash,
          cutOffNow,
          move.pickup_date,
          move.pickup_window,
        ],
      },
      pickupConfirmedMail(tokenHash, move.token, true, at),
      pickupCustomerActivity('pickup_moved', tokenHash, `To ${slotText(move.pickup_date, move.pickup_window)}`, at),
      pickupByToken(tokenHash),
    ],
    'write',
  );
  const row = foundLink(after);
  const answer = shown(row, now);
  // A move to the slot the pickup is already in (the form sent again, a double click) changes nothing:
  // no second email, and a run it was given keeps it.
  const alreadyThere = row.pickup_date === move.pickup_date && row.pickup_window === move.pickup_window;
  if (!moved?.rowsAffected && !(alreadyThere && answer.changeable)) throw refusal(row);
  return answer;
}
