import type { Client, InStatement, ResultSet } from '@libsql/client';
import { z } from 'zod';
import type { Reply } from '@/lib/api/contract';
import { TRACKING_NOT_FOUND, type trackingApi } from '@/lib/api/tracking';
import { initialsOf } from '@/lib/schemas/proof-summary';
import { historyEntrySchema } from '@/lib/schemas/shipment/history';
import { nextStepFields } from '@/lib/schemas/shipment/next-step';
import { shipmentRecordSchema } from '@/lib/schemas/shipment/record';
import {
  PUBLIC_SHIPMENT_FIELDS,
  type TrackingBatchItem,
  type TrackingResult,
  trackingResultSchema,
} from '@/lib/schemas/tracking';
import { FINAL_STATUSES } from '@/lib/shipment-status';
import { normalizeTrackingNumber, trackingNumberProblem } from '@/lib/tracking-number';
import { deliveryDaysFrom, deliveryDaysReads } from './delivery-days';
import type { Call } from './handler';
import { type ClientInfo, HttpError } from './http';
import { countryOfPlaceSql } from './places';
import { clientNetwork, takeFromWindow, type WindowLimit } from './rate-limit';
import { decodeRows, sqlBoolean } from './rows';
import { placeholders } from './sql';
import { hashToken } from './tokens';
import { revealTokenOf } from './tracking-reveal';

/**
 * The public side of shipments: the lookups of the tracking page, which only read (the recipient's
 * reveal of the full address is tracking-reveal.ts).
 */

/** Lookups per address and minute, a batch counting each of its numbers (matches config.rateLimit). */
export const TRACKING_RATE_LIMIT: WindowLimit = { name: 'tracking', limit: 60, windowSeconds: 60 };

/** What the lookup statement answers for each shipment: one JSON document (see `lookupStatement`). */
const publicDocumentSchema = shipmentRecordSchema.pick(PUBLIC_SHIPMENT_FIELDS).extend({
  ...nextStepFields,
  delivery_request: trackingResultSchema.shape.delivery_request,
  sender_is_company: sqlBoolean,
  can_reveal: sqlBoolean,
  revealed: sqlBoolean,
  histories: z.array(historyEntrySchema),
  route: trackingResultSchema.shape.route,
  pieces: trackingResultSchema.shape.pieces,
  proof: z.object({ recipient_name: z.string(), delivered_at: z.string(), has_photo: sqlBoolean }).nullable(),
});

/** A row of the lookup statement: the document as JSON text, parsed, then decoded. */
const documentRowSchema = z.object({
  document: z
    .string()
    .transform((text, context) => {
      try {
        const parsed: unknown = JSON.parse(text);
        return parsed;
      } catch {
        context.addIssue({ code: 'custom', message: 'not JSON' });
        return z.NEVER;
      }
    })
    .pipe(publicDocumentSchema),
});

/** Company names are shown whole; these endings mark a sender that is not linked to a customer as one. */
const COMPANY_ENDING =
  /\b(?:inc|ltd|llc|llp|plc|gmbh|ag|sa|bv|nv|co|corp|company|corporation|limited|group|logistics|industries|trading)\.?$/i;

/** The sender as the public sees it: a company whole, a person as first name and last initial. */
export function shortenSenderName(name: string, isCompany: boolean): string {
  const trimmed = name.trim();
  if (isCompany || COMPANY_ENDING.test(trimmed)) return trimmed;
  const words = trimmed.split(/\s+/);
  if (words.length < 2) return trimmed;
  // biome-ignore lint/style/noNonNullAssertion: words has at least two entries (checked above), each non-empty (split on runs of spaces of a trimmed name)
  const initial = [...words.at(-1)!][0]!.toLocaleUpperCase();
  return `${words[0]} ${initial}.`;
}

/**
 * The route's places as a JSON object (an SQL expression on the shipment `s`): for each of origin,
 * destination and current location, the gazetteer's coordinates of the place's own name, else of its
 * country part (after the last comma); null when the gazetteer knows neither.
 */
const point = (name: string) =>
  `(SELECT json_object('name', g.name, 'latitude', g.latitude, 'longitude', g.longitude) FROM gazetteer g WHERE g.name = ${name})`;
const ROUTE = `(SELECT json_group_object(p.role, json(coalesce(${point('p.place')},
                  ${point(countryOfPlaceSql('p.place'))})))
                FROM (SELECT 'origin' AS role, trim(s.origin) AS place
                      UNION ALL SELECT 'destination', trim(s.destination)
                      UNION ALL SELECT 'current', trim(s.current_location)) p)`;

/**
 * A public lookup's statement up to its list of numbers: per shipment, one row holding one JSON document
 * of its public fields, histories (in no order) and route places, with `revealed` as the given SQL. One
 * statement and one value a row: the lookup is the busiest call, and the client's cost is mostly per
 * statement and per value read. Reads only. Written once, when the module loads.
 */
const lookupSql = (revealed: string) => `SELECT json_object(
    ${Object.keys(PUBLIC_SHIPMENT_FIELDS)
      .map((field) => `'${field}', s.${field}`)
      .join(', ')},
    'sender_is_company', EXISTS (SELECT 1 FROM customers c WHERE c.id = s.customer_id AND c.name = s.sender_name),
    'can_reveal', (coalesce(s.recipient_mail, '') <> '' OR coalesce(s.recipient_phone, '') <> ''),
    'revealed', ${revealed},
    'next_attempt_on', s.next_attempt_on, 'pickup_depot', s.pickup_depot, 'pickup_until', s.pickup_until,
    'delivery_request', json((SELECT json_object('kind', d.kind, 'delivery_day', d.delivery_day,
        'instructions', d.instructions, 'created_at', d.created_at, 'handled', json(iif(d.handled_at IS NULL, 'false', 'true')))
      FROM delivery_requests d WHERE d.shipment_id = s.id ORDER BY d.created_at DESC, d.id DESC LIMIT 1)),
    'histories', json((SELECT json_group_array(json_object('id', h.id, 'status', h.status,
        'created_at', h.created_at, 'notes', h.notes, 'location_city', h.location_city,
        'location_country', h.location_country, 'expected_arrival', h.expected_arrival, 'reason', h.reason))
      FROM shipment_histories h WHERE h.shipment_id = s.id)),
    'route', json(${ROUTE}),
    'pieces', json_object('total', (SELECT count(*) FROM shipment_pieces p WHERE p.shipment_id = s.id),
      'delivered', (SELECT count(*) FROM shipment_pieces p WHERE p.shipment_id = s.id AND p.delivered_at IS NOT NULL)),
    'proof', json((SELECT json_object('recipient_name', p.recipient_name, 'delivered_at', p.delivered_at,
        'has_photo', p.photo_key IS NOT NULL) FROM proofs p WHERE p.shipment_id = s.id))
  ) AS document
  FROM shipments s WHERE s.tracking_number IN `;
const LOOKUP = lookupSql('0');
/** Whether the shipment `s` is revealed to a browser: its arguments, the reveal token's hash and the time now. */
export const REVEALED = `EXISTS (SELECT 1 FROM tracking_reveals r
  WHERE r.token_hash = ? AND r.shipment_id = s.id AND r.expires_at > ?)`;
// The reveal token's hash and the time are its first two arguments.
const LOOKUP_REVEALING = lookupSql(REVEALED);

function lookupStatement(numbers: readonly string[], revealTokenHash: string | null, now: string): InStatement {
  return revealTokenHash
    ? { sql: `${LOOKUP_REVEALING}(${placeholders(numbers)})`, args: [revealTokenHash, now, ...numbers] }
    : { sql: `${LOOKUP}(${placeholders(numbers)})`, args: [...numbers] };
}

/**
 * The public view of the shipments with these (well-formed, normalized) numbers, by number; missing
 * numbers have none. Private by default: the full recipient address only for shipments this browser
 * revealed (its reveal token).
 */
async function findPublicTrackings(
  db: Client,
  numbers: readonly string[],
  revealToken: string | null = null,
  now = new Date(),
): Promise<Map<string, TrackingResult>> {
  if (numbers.length === 0) return new Map();
  const statement = publicTrackingStatement(numbers, revealToken, now);
  if (!revealToken) return publicTrackings(await db.execute(statement));
  const [found, ...settings] = await db.batch([statement, ...deliveryDaysReads()], 'read');
  if (!found) throw new Error('A lookup needs the answer of its statement');
  return publicTrackings(found, deliveryDaysFrom(settings, now).days);
}

/** The statement of the public view of these shipments, for a caller's own batch (read with `publicTrackings`). */
export function publicTrackingStatement(
  numbers: readonly string[],
  revealToken: string | null,
  now = new Date(),
): InStatement {
  return lookupStatement(numbers, revealToken ? hashToken(revealToken) : null, now.toISOString());
}

/**
 * The public views a `publicTrackingStatement` answered, by number. `deliveryDays` (`deliveryDaysFrom`) are
 * offered to a browser that revealed a shipment still to be delivered.
 */
export function publicTrackings(
  { rows }: ResultSet,
  deliveryDays: readonly string[] = [],
): Map<string, TrackingResult> {
  const found = new Map<string, TrackingResult>();
  for (const { document } of decodeRows(documentRowSchema, rows)) {
    const { sender_is_company, revealed, proof, ...shipment } = document;
    const result: TrackingResult = {
      ...shipment,
      // The signer's initials only: the name is the recipient's, which the public page never shows whole.
      proof: proof && {
        delivered_at: proof.delivered_at,
        signed_by: initialsOf(proof.recipient_name),
        has_photo: proof.has_photo,
      },
      // Oldest first: the statement leaves them in no order (SQL promises none to an aggregate's input).
      histories: shipment.histories.sort((a, b) =>
        a.created_at === b.created_at ? a.id - b.id : a.created_at < b.created_at ? -1 : 1,
      ),
      sender_name: shortenSenderName(shipment.sender_name, sender_is_company),
      // The recipient's city and country: the destination, which the address must lie in.
      recipient_address: revealed ? shipment.recipient_address : shipment.destination,
      address_revealed: revealed,
      // What the recipient asked for is theirs: shown only to the browser that proved it is them.
      delivery_request: revealed ? shipment.delivery_request : null,
      delivery_days: revealed && !FINAL_STATUSES.includes(shipment.status) ? [...deliveryDays] : [],
    };
    found.set(shipment.tracking_number, result);
  }
  return found;
}

/** The public view of one shipment, or null. */
export async function findPublicTracking(
  db: Client,
  trackingNumber: string,
  revealToken: string | null = null,
): Promise<TrackingResult | null> {
  return (await findPublicTrackings(db, [trackingNumber], revealToken)).get(trackingNumber) ?? null;
}

/**
 * The numbers of a batch as typed, each normalized, duplicates dropped (first wins): the well-formed
 * ones to look up, and a result per number in the order given once the lookups are in.
 */
function planBatch(typed: readonly string[]): {
  lookups: string[];
  answer: (found: Map<string, TrackingResult>) => TrackingBatchItem[];
} {
  const numbers = [...new Set(typed.map(normalizeTrackingNumber).filter(Boolean))];
  const problems = new Map(numbers.map((number) => [number, trackingNumberProblem(number)]));
  return {
    lookups: numbers.filter((number) => !problems.get(number)),
    answer: (found) =>
      numbers.map((number): TrackingBatchItem => {
        const problem = problems.get(number);
        if (problem) return { number, result: 'malformed', message: problem };
        const data = found.get(number);
        return data ? { number, result: 'found', data } : { number, result: 'unknown', message: TRACKING_NOT_FOUND };
      }),
  };
}

/**
 * The public lookup of a number as typed: the same private-by-default fields for everyone, the full address
 * only to a browser that revealed it; 400 saying what is wrong with a malformed number, 404 when none.
 */
export async function lookup({
  db,
  params,
  request,
}: Call<typeof trackingApi.lookup>): Promise<Reply<typeof trackingApi.lookup>> {
  const typed = params.trackingNumber;
  // netlify dev/serve retry a 404 as `<number>.html`, `.htm`: those keep the original answer.
  if (!typed.trim() || /\.html?$/i.test(typed)) throw new HttpError(404, TRACKING_NOT_FOUND);
  const trackingNumber = normalizeTrackingNumber(typed);
  const problem = trackingNumberProblem(trackingNumber);
  if (problem) throw new HttpError(400, problem);
  const data = await findPublicTracking(db, trackingNumber, revealTokenOf(request));
  if (!data) throw new HttpError(404, TRACKING_NOT_FOUND);
  return { status: true, data };
}

/** Counts a single lookup against its address's limit. */
export const countLookup = ({ client }: { client: ClientInfo }) =>
  takeFromWindow(TRACKING_RATE_LIMIT, clientNetwork(client.address));

/** The batch lookup: each well-formed number counts as one lookup against the address's limit. */
export async function batchLookup({
  db,
  body,
  client,
  request,
}: Call<typeof trackingApi.batch>): Promise<Reply<typeof trackingApi.batch>> {
  const { lookups, answer } = planBatch(body.numbers);
  takeFromWindow(TRACKING_RATE_LIMIT, clientNetwork(client.address), lookups.length);
  return { status: 'success', data: answer(await findPublicTrackings(db, lookups, revealTokenOf(request))) };
}
