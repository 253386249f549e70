import type { Client, InStatement, InValue, ResultSet } from '@libsql/client';
import { dateIn } from '@/lib/company-day';
import { formatPlace, parsePlace } from '@/lib/place';
import type { ShipmentCreateInput } from '@/lib/schemas/shipment/create';
import type { ShipmentDialogInput } from '@/lib/schemas/shipment/dialog';
import type { LocationUpdateInput } from '@/lib/schemas/shipment/location-update';
import type { Shipment } from '@/lib/schemas/shipment/shipment';
import type { StatusUpdateInput } from '@/lib/schemas/shipment/status-update';
import { FINAL_STATUSES, statusLabel } from '@/lib/shipment-status';
import { generateTrackingNumber } from '@/lib/tracking-number';
import { type StaffUser, shipmentActivity } from './activity';
import { customerByReference, customerIdStatement, customerReferenceStatement, knownCustomer } from './customers';
import { invalidInput } from './http';
import type { SqlPart } from './notification-settings';
import { queuedStatusUpdate, shipmentCreatedMail, statusUpdateMail, statusUpdateSubscriptions } from './outbox';
import { setPiecesStatements } from './pieces';
import { settingsFrom, settingsRead } from './settings';
import { fromBatch, readShipment } from './shipment-read';
import { historyEntryStatement, insertShipmentStatement, noteStatement, writeShipment } from './shipment-statements';
import { placeholders } from './sql';

/** Creating shipments, and their status and location updates. */

const isUniqueTrackingNumberError = (error: unknown) =>
  error instanceof Error &&
  /UNIQUE constraint failed: shipments\.tracking_number/.test(`${error.message} ${String(error.cause ?? '')}`);

const GENERATE_ATTEMPTS = 8;

export type NewShipment = Omit<ShipmentCreateInput, 'tracking_number'> & {
  tracking_number?: string | undefined;
  customer_id?: string | null | undefined;
};

/** What creating a shipment reads in the session check's round trip: whether its customer, if any, exists. */
export const createReads = (input: { customer_id?: string | null | undefined }): InStatement[] =>
  input.customer_id ? [customerIdStatement(input.customer_id)] : [];

/**
 * Creates a shipment with its pieces (one of `weight` unless given), its first history entry (at the origin), its first staff note (from
 * `admin_notes`) and its activity row in one transaction. `reads` are the answers of `createReads`.
 * A given tracking number that is taken is a 422 on `tracking_number`; a missing one is generated
 * (and drawn again on a collision, which the unique index reports).
 */
export async function createShipment(
  db: Client,
  input: NewShipment,
  actor: StaffUser,
  reads: ResultSet[],
  now = new Date(),
): Promise<Shipment> {
  const given = input.tracking_number;
  // Customers are never deleted, so one that exists now still exists at the insert.
  if (input.customer_id) {
    const [customer] = reads;
    if (!customer) throw new Error('A shipment for a customer needs the answer of createReads');
    knownCustomer(customer, 'customer_id');
  }
  for (let attempt = 1; ; attempt++) {
    const trackingNumber = given ?? generateTrackingNumber();
    try {
      return await insertShipment(db, { ...input, tracking_number: trackingNumber }, actor, now.toISOString());
    } catch (error) {
      if (!isUniqueTrackingNumberError(error)) throw error;
      if (given) throw invalidInput({ tracking_number: ['This tracking number is already in use'] });
      if (attempt >= GENERATE_ATTEMPTS) throw error;
    }
  }
}

async function insertShipment(
  db: Client,
  input: NewShipment & { tracking_number: string },
  actor: StaffUser,
  now: string,
): Promise<Shipment> {
  const { admin_notes, pieces, ...row } = input;
  const results = await db.batch(
    [
      // The new row's trigger gives it piece 1 of its weight; pieces given replace it, and the weight is their total.
      insertShipmentStatement({ ...row, created_at: now, updated_at: now }),
      ...(pieces ? setPiecesStatements(input.tracking_number, pieces) : []),
      historyEntryStatement(input.tracking_number, { notes: null, place: input.origin, created_at: now }),
      ...(admin_notes
        ? [noteStatement(input.tracking_number, { text: admin_notes, created_at: now, author: actor })]
        : []),
      shipmentActivity(
        actor,
        'shipment_created',
        input.tracking_number,
        `Shipment created (${statusLabel(input.status)})`,
        now,
      ),
      ...shipmentCreatedMail(input.tracking_number, now),
      ...readShipment(input.tracking_number),
    ],
    'write',
  );
  const created = fromBatch(results);
  if (!created) throw new Error(`Shipment ${input.tracking_number} was not read back after its insert`);
  return created;
}

/** What the add dialog reads in the session check's round trip: the customer it names, and the company's time zone. */
export const dialogReads = (input: ShipmentDialogInput): InStatement[] => [
  customerReferenceStatement(input.customer),
  settingsRead('company'),
];

/**
 * The add dialog: the customer record (the answer of `dialogReads`) becomes the sender and, until
 * staff edit the shipment, the consignee, whose address is then the destination itself (so the two agree).
 */
export async function createShipmentFromDialog(
  db: Client,
  input: ShipmentDialogInput,
  actor: StaffUser,
  [found, company]: ResultSet[],
  now = new Date(),
) {
  if (!found || !company) throw new Error('The add dialog needs the answers of its customer and company reads');
  const customer = customerByReference(found, input.customer);
  return createShipment(
    db,
    {
      customer_id: customer.id,
      // Ordered today as the company's calendar has it, not as UTC's.
      order_date: dateIn(settingsFrom('company', company).data.time_zone, now.getTime()),
      status: input.status,
      sender_name: customer.name,
      sender_email: customer.email,
      sender_phone: customer.phone,
      recipient_name: customer.name,
      recipient_address: input.destination,
      package_type: input.type ?? null,
      origin: input.origin,
      destination: input.destination,
      estimated_delivery: input.estimated_delivery ?? null,
      arrival_time: input.arrival_time ?? null,
      admin_notes: input.notes ?? null,
      current_location: input.origin,
    },
    actor,
    // The customer's read found it: a row, as `createReads` would.
    [found],
    now,
  );
}

/** The place a status or location update names: "City, Country" (the city given, or split from the country). */
function placeOf(input: { current_country?: string | null | undefined; current_city?: string | null | undefined }) {
  if (!input.current_country) return null;
  const { city, country } = input.current_city
    ? { city: input.current_city, country: input.current_country }
    : parsePlace(input.current_country);
  return formatPlace(city, country);
}

type StatusChange = Pick<
  StatusUpdateInput,
  'status' | 'reason' | 'note' | 'current_country' | 'current_city' | 'pickup_depot' | 'pickup_until'
>;

/**
 * A status change's UPDATE of the row (only `when` a condition on it holds). A new status makes the old
 * next step stale: available for pickup names its depot and last day, every other status clears both,
 * and the scheduled attempt. With a place, the status happened there: it becomes the current location.
 */
function statusRowUpdate(
  trackingNumber: string,
  input: StatusChange,
  time: string,
  when: { sql: string; args: InValue[] } = { sql: '1', args: [] },
): InStatement {
  const pickup = input.status === 'available_for_pickup';
  return {
    sql: `UPDATE shipments SET status = ?, current_location = coalesce(?, current_location), updated_at = ?,
            next_attempt_on = NULL, pickup_depot = ?, pickup_until = ?
          WHERE tracking_number = ? AND ${when.sql}`,
    args: [
      input.status,
      placeOf(input),
      time,
      pickup ? (input.pickup_depot ?? null) : null,
      pickup ? (input.pickup_until ?? null) : null,
      trackingNumber,
      ...when.args,
    ],
  };
}

/** What records a status change: its history entry (with the note, the reason and the place) and its log line. */
const statusRecords = (trackingNumber: string, input: StatusChange, actor: StaffUser, time: string, when?: SqlPart) => [
  historyEntryStatement(
    trackingNumber,
    {
      notes: input.note ?? null,
      created_at: time,
      status: input.status,
      place: placeOf(input),
      reason: input.reason ?? null,
    },
    when,
  ),
  shipmentActivity(
    actor,
    'status_changed',
    trackingNumber,
    `Status changed to ${statusLabel(input.status)}`,
    time,
    when,
  ),
];

/** Sets the status and appends a history entry with the note and the reason (see `statusRowUpdate`); emails it. */
export async function updateStatus(
  db: Client,
  trackingNumber: string,
  input: StatusChange,
  actor: StaffUser,
  now = new Date(),
): Promise<Shipment> {
  const time = now.toISOString();
  return writeShipment(db, trackingNumber, [
    statusRowUpdate(trackingNumber, input, time),
    ...statusRecords(trackingNumber, input, actor, time),
    ...statusUpdateMail(trackingNumber, input.note ?? null, time),
  ]);
}

const FINAL = placeholders(FINAL_STATUSES);

/**
 * The same status change for one shipment of a bulk change (bulk-status.ts), made only where the shipment
 * is not in that status already, nor delivered or returned. Its history entry, log line and email each
 * follow the statement before them (`changes()`; the email's subscriptions are made first so that nothing
 * comes between), so they are written exactly when the row changed: the same request sent again, or twenty
 * times at once, changes and records each shipment once.
 */
export function bulkStatusChange(trackingNumber: string, input: StatusChange, actor: StaffUser, time: string) {
  const changed = { sql: 'changes() > 0', args: [] };
  return [
    ...statusUpdateSubscriptions(trackingNumber, time),
    statusRowUpdate(trackingNumber, input, time, {
      sql: `status <> ? AND status NOT IN (${FINAL})`,
      args: [input.status, ...FINAL_STATUSES],
    }),
    ...statusRecords(trackingNumber, input, actor, time, changed),
    queuedStatusUpdate(trackingNumber, input.note ?? null, time, time, changed),
  ];
}

/**
 * Moves the shipment: its current location and next arrival, plus a history entry carrying the place,
 * the expected arrival and staff's note, so the public timeline shows it formatted for each viewer.
 * Without an expected arrival the shipment is at the place now, so the next arrival (which was for
 * getting there) is cleared until staff know the next one.
 */
export async function updateLocation(
  db: Client,
  trackingNumber: string,
  input: Pick<LocationUpdateInput, 'current_country' | 'current_city' | 'arrival_time' | 'note'>,
  actor: StaffUser,
  now = new Date(),
): Promise<Shipment> {
  const time = now.toISOString();
  // biome-ignore lint/style/noNonNullAssertion: the location-update schema requires current_country (place-fields.ts), so placeOf answers a place
  const place = placeOf(input)!;
  const arrival = input.arrival_time ?? null;
  return writeShipment(db, trackingNumber, [
    {
      sql: 'UPDATE shipments SET current_location = ?, arrival_time = ?, updated_at = ? WHERE tracking_number = ?',
      args: [place, arrival, time, trackingNumber],
    },
    historyEntryStatement(trackingNumber, {
      notes: input.note ?? null,
      place,
      expected_arrival: arrival,
      created_at: time,
    }),
    shipmentActivity(actor, 'location_changed', trackingNumber, `Location set to ${place}`, time),
  ]);
}
