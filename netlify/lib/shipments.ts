import type { Client, InStatement, InValue, ResultSet } from '@libsql/client';
import type { z } from 'zod';
import { addressIsIn, formatPlace, parsePlace } from '@/lib/place';
import {
  ADDRESS_NOT_IN_DESTINATION,
  CORRECTION_FIELDS,
  type CorrectionField,
  type LocationUpdateInput,
  SHIPMENT_FIELD_LABELS,
  type Shipment,
  type ShipmentCreateInput,
  type ShipmentDialogInput,
  type ShipmentPatchInput,
  type StatusUpdateInput,
  shipmentRecordSchema,
  shipmentSchema,
} from '@/lib/schemas/shipment';
import { type ShipmentStatus, statusLabel } from '@/lib/shipment-status';
import { generateTrackingNumber } from '@/lib/tracking-number';
import { type ErasedPerson, type StaffUser, shipmentActivity } from './activity';
import { resolveCustomer, resolveCustomerId } from './customers';
import { HttpError, invalidInput } from './http';
import { shipmentCreatedMail, statusUpdateMail } from './outbox';
import { decodeRow } from './rows';
import { placeholders } from './sql';

/** The histories of a shipment, oldest first. */
const selectHistories = (trackingNumber: string): InStatement => ({
  sql: `SELECT h.id, h.status, h.created_at, h.notes, h.location_city, h.location_country, h.expected_arrival
        FROM shipments s JOIN shipment_histories h ON h.shipment_id = s.id
        WHERE s.tracking_number = ?
        ORDER BY h.created_at, h.id`,
  args: [trackingNumber],
});

/** The staff notes of a shipment, oldest first. Staff reads only: the public lookups never select them. */
const selectNotes = (trackingNumber: string): InStatement => ({
  sql: `SELECT n.id, n.author_email AS author, n.created_at, n.text
        FROM shipments s JOIN shipment_notes n ON n.shipment_id = s.id
        WHERE s.tracking_number = ? ORDER BY n.id`,
  args: [trackingNumber],
});

/** The changes edits made to a shipment, oldest first (staff reads only). */
const selectChanges = (trackingNumber: string): InStatement => ({
  sql: `SELECT c.id, c.field, c.old_value AS before, c.new_value AS after, c.actor_email AS author, c.created_at
        FROM shipments s JOIN shipment_changes c ON c.shipment_id = s.id
        WHERE s.tracking_number = ? ORDER BY c.id`,
  args: [trackingNumber],
});

/** The columns of a shipment row, in schema order (id first). */
const SHIPMENT_COLUMNS = Object.keys(shipmentRecordSchema.shape);
/** What an INSERT sets: every column but the id. */
const INSERT_COLUMNS = SHIPMENT_COLUMNS.filter((column) => column !== 'id');

export const SHIPMENT_NOT_FOUND = 'Shipment not found.';
const notFound = () => new HttpError(404, SHIPMENT_NOT_FOUND);
const invalid = (field: string, message: string) => invalidInput({ [field]: [message] });

const selectShipment = (trackingNumber: string): InStatement => ({
  sql: `SELECT ${SHIPMENT_COLUMNS.join(', ')} FROM shipments WHERE tracking_number = ?`,
  args: [trackingNumber],
});

/** The statements that read a whole shipment; a batch ending with them is read back by fromBatch. */
const readShipment = (trackingNumber: string): InStatement[] => [
  selectShipment(trackingNumber),
  selectHistories(trackingNumber),
  selectNotes(trackingNumber),
  selectChanges(trackingNumber),
];

/** Reads a shipment from the last results of a batch that ends with readShipment. */
function fromBatch(results: ResultSet[]): Shipment | null {
  const [shipments, histories, notes, changes] = results.slice(-4);
  const row = shipments?.rows[0];
  if (!row) return null;
  const texts = notes!.rows.map((note) => note.text).join('\n\n');
  return decodeRow(shipmentSchema, {
    ...row,
    histories: histories!.rows,
    notes: notes!.rows,
    changes: changes!.rows,
    admin_notes: texts || null,
  });
}

/** The whole shipment (every record field, histories and staff notes oldest first), or null. */
export async function findShipment(db: Client, trackingNumber: string): Promise<Shipment | null> {
  return fromBatch(await db.batch(readShipment(trackingNumber), 'read'));
}

type ShipmentRecordInput = z.input<typeof shipmentRecordSchema>;

/** A shipment row to insert: the NOT NULL columns, and any others (absent ones are stored as null). */
export type ShipmentInsert = {
  [K in keyof Omit<ShipmentRecordInput, 'id'>]?: ShipmentRecordInput[K] | undefined;
} & Pick<
  ShipmentRecordInput,
  | 'tracking_number'
  | 'status'
  | 'sender_name'
  | 'recipient_name'
  | 'recipient_address'
  | 'origin'
  | 'destination'
  | 'created_at'
  | 'updated_at'
>;

/** The INSERT of a shipment row (creation and the demo seed). */
export function insertShipmentStatement(row: ShipmentInsert): InStatement {
  const values: Record<string, InValue | undefined> = row;
  return {
    sql: `INSERT INTO shipments (${INSERT_COLUMNS.join(', ')}) VALUES (${placeholders(INSERT_COLUMNS)})`,
    args: INSERT_COLUMNS.map((column) => values[column] ?? null),
  };
}

/** A history entry as written: staff's note (or none), and where it happened when known. */
export interface HistoryEntryInput {
  notes: string | null;
  created_at: string;
  status?: ShipmentStatus;
  /** "City, Country" or a country, split into the entry's location columns. */
  place?: string | null;
  expected_arrival?: string | null;
}

/**
 * A history entry for the shipment, for the same batch as the write: with the given status, or the
 * shipment's status as the batch has left it. Inserted from the shipment's row, so only when it exists.
 */
export function historyEntryStatement(trackingNumber: string, entry: HistoryEntryInput): InStatement {
  const { status, notes, created_at, place, expected_arrival = null } = entry;
  const location = place ? parsePlace(place) : { city: null, country: null };
  return {
    sql: `INSERT INTO shipment_histories
            (shipment_id, status, notes, location_city, location_country, expected_arrival, created_at)
          SELECT id, ${status === undefined ? 'status' : '?'}, ?, ?, ?, ?, ? FROM shipments WHERE tracking_number = ?`,
    args: [
      ...(status === undefined ? [] : [status]),
      notes,
      location.city,
      location.country,
      expected_arrival,
      created_at,
      trackingNumber,
    ],
  };
}

/** A staff note on the shipment, for the same batch as the write (the seed's notes have no author). */
export function noteStatement(
  trackingNumber: string,
  note: { text: string; created_at: string; author: StaffUser | null },
): InStatement {
  return {
    sql: `INSERT INTO shipment_notes (shipment_id, author_id, author_email, text, created_at)
          SELECT id, ?, ?, ?, ? FROM shipments WHERE tracking_number = ?`,
    args: [note.author?.id ?? null, note.author?.email ?? null, note.text, note.created_at, trackingNumber],
  };
}

const isUniqueTrackingNumberError = (error: unknown) =>
  error instanceof Error &&
  /UNIQUE constraint failed: shipments\.tracking_number/.test(`${error.message} ${String(error.cause ?? '')}`);

async function trackingNumberTaken(db: Client, trackingNumber: string): Promise<boolean> {
  const { rows } = await db.execute({
    sql: 'SELECT 1 FROM shipments WHERE tracking_number = ?',
    args: [trackingNumber],
  });
  return rows.length > 0;
}

const GENERATE_ATTEMPTS = 8;

export type NewShipment = Omit<ShipmentCreateInput, 'tracking_number'> & {
  tracking_number?: string | undefined;
  customer_id?: string | null | undefined;
};

/**
 * Creates a shipment with its first history entry (at the origin), its first staff note (from
 * `admin_notes`) and its activity row in one transaction. A given tracking number that is taken is a
 * 422 on `tracking_number`; a missing one is generated (and drawn again on a collision).
 */
export async function createShipment(
  db: Client,
  input: NewShipment,
  actor: StaffUser,
  now = new Date(),
): Promise<Shipment> {
  const given = input.tracking_number;
  // Customers are never deleted, so one that exists now still exists at the insert.
  if (input.customer_id) await resolveCustomerId(db, input.customer_id, 'customer_id');
  for (let attempt = 1; ; attempt++) {
    const trackingNumber = given ?? generateTrackingNumber();
    if (await trackingNumberTaken(db, trackingNumber)) {
      if (given) throw invalid('tracking_number', 'This tracking number is already in use');
      if (attempt < GENERATE_ATTEMPTS) continue;
    }
    try {
      return await insertShipment(db, { ...input, tracking_number: trackingNumber }, actor, now.toISOString());
    } catch (error) {
      if (!isUniqueTrackingNumberError(error)) throw error;
      if (given) throw invalid('tracking_number', 'This tracking number is already in use');
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
  const { admin_notes, ...row } = input;
  const results = await db.batch(
    [
      insertShipmentStatement({ ...row, created_at: now, updated_at: now }),
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

/**
 * The add dialog: the customer record becomes the sender and, until staff edit the shipment, the
 * consignee, whose address is then the destination itself (so the two agree).
 */
export async function createShipmentFromDialog(
  db: Client,
  input: ShipmentDialogInput,
  actor: StaffUser,
  now = new Date(),
) {
  const customer = await resolveCustomer(db, input.customer);
  return createShipment(
    db,
    {
      customer_id: customer.id,
      order_date: now.toISOString().slice(0, 10),
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
    now,
  );
}

/**
 * Runs a write that changes one existing shipment: the statements, then the shipment read back in the
 * same transaction. The statement at `updateAt` (the first by default) must be the UPDATE; 404 when it
 * matched nothing.
 */
async function writeShipment(
  db: Client,
  trackingNumber: string,
  statements: InStatement[],
  updateAt = 0,
): Promise<Shipment> {
  const results = await db.batch([...statements, ...readShipment(trackingNumber)], 'write');
  const shipment = fromBatch(results);
  if (results[updateAt]!.rowsAffected === 0 || !shipment) throw notFound();
  return shipment;
}

/** The place a status or location update names: "City, Country" (the city given, or split from the country). */
function placeOf(input: { current_country?: string | null | undefined; current_city?: string | null | undefined }) {
  if (!input.current_country) return null;
  const { city, country } = input.current_city
    ? { city: input.current_city, country: input.current_country }
    : parsePlace(input.current_country);
  return formatPlace(city, country);
}

/**
 * Sets the status and appends a history entry with the note; with a place, the status happened there:
 * the entry carries it and it becomes the current location.
 */
export async function updateStatus(
  db: Client,
  trackingNumber: string,
  input: Pick<StatusUpdateInput, 'status' | 'note' | 'current_country' | 'current_city'>,
  actor: StaffUser,
  now = new Date(),
): Promise<Shipment> {
  const { status, note } = input;
  const time = now.toISOString();
  const place = placeOf(input);
  return writeShipment(db, trackingNumber, [
    {
      sql: 'UPDATE shipments SET status = ?, current_location = coalesce(?, current_location), updated_at = ? WHERE tracking_number = ?',
      args: [status, place, time, trackingNumber],
    },
    historyEntryStatement(trackingNumber, { notes: note ?? null, created_at: time, status, place }),
    shipmentActivity(actor, 'status_changed', trackingNumber, `Status changed to ${statusLabel(status)}`, time),
    ...statusUpdateMail(trackingNumber, note ?? null, time),
  ]);
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

/** The columns the edit dialog changes. */
type EditableColumn =
  | 'customer_id'
  | 'origin'
  | 'destination'
  | 'recipient_address'
  | 'estimated_delivery'
  | 'arrival_time'
  | 'package_type'
  | 'status'
  | CorrectionField;
type ColumnValue = string | number | null;

/**
 * One changed field as a row of shipment_changes, for the batch before its UPDATE: the value before is
 * read from the row inside the transaction, and nothing is recorded when it already has the new value
 * (a concurrent save got there first).
 */
function changeStatement(
  trackingNumber: string,
  column: EditableColumn,
  value: ColumnValue,
  actor: StaffUser,
  time: string,
): InStatement {
  return {
    sql: `INSERT INTO shipment_changes (shipment_id, field, old_value, new_value, actor_email, created_at)
          SELECT id, ?, ${column}, ?, ?, ? FROM shipments WHERE tracking_number = ? AND ${column} IS NOT ?`,
    args: [column, value, actor.email, time, trackingNumber, value],
  };
}

/**
 * The edit dialog's save: changes only the fields given, recording each change with its value before
 * and after; a status change also appends a history entry; a note is appended to the staff notes.
 * Destination and recipient address are edited together: a new destination needs the recipient's
 * address in it, given in the same call, unless the stored address is just the old destination (a
 * quick-add shipment), which then follows it.
 */
export async function editShipment(
  db: Client,
  trackingNumber: string,
  patch: ShipmentPatchInput,
  actor: StaffUser,
  now = new Date(),
): Promise<Shipment> {
  const current = await findShipment(db, trackingNumber);
  if (!current) throw notFound();
  const wanted = new Map<EditableColumn, ColumnValue>();
  if (patch.customer !== undefined) {
    wanted.set('customer_id', patch.customer === null ? null : (await resolveCustomer(db, patch.customer)).id);
  }
  if (patch.origin !== undefined) wanted.set('origin', patch.origin);
  if (patch.destination !== undefined) wanted.set('destination', patch.destination);
  if (patch.recipient_address !== undefined) wanted.set('recipient_address', patch.recipient_address);
  if (patch.estimated_delivery !== undefined) wanted.set('estimated_delivery', patch.estimated_delivery);
  if (patch.arrival_time !== undefined) wanted.set('arrival_time', patch.arrival_time);
  if (patch.type !== undefined) wanted.set('package_type', patch.type);
  if (patch.status !== undefined) wanted.set('status', patch.status);
  for (const column of CORRECTION_FIELDS) {
    const value = patch[column];
    if (value !== undefined) wanted.set(column, value);
  }

  const destination = patch.destination ?? current.destination;
  let address = patch.recipient_address ?? current.recipient_address;
  if (destination !== current.destination && patch.recipient_address === undefined) {
    if (current.recipient_address !== current.destination) {
      throw invalid('recipient_address', "Enter the recipient's address in the new destination too");
    }
    address = destination;
    wanted.set('recipient_address', destination);
  }
  if (!addressIsIn(address, destination)) throw invalid('recipient_address', ADDRESS_NOT_IN_DESTINATION);

  const changed = [...wanted].filter(([column, value]) => current[column] !== value);
  const note = patch.notes ?? null;
  if (changed.length === 0 && !note) return current;

  const time = now.toISOString();
  const newStatus = patch.status !== undefined && patch.status !== current.status ? patch.status : undefined;
  const edited = changed
    .filter(([column]) => column !== 'status')
    .map(([column]) => (SHIPMENT_FIELD_LABELS[column] ?? column).toLowerCase());
  const details = [edited.length ? `Edited ${edited.join(', ')}` : '', note ? 'added a note' : '']
    .filter(Boolean)
    .join('; ');
  const recorded = changed.map(([column, value]) => changeStatement(trackingNumber, column, value, actor, time));
  return writeShipment(
    db,
    trackingNumber,
    [
      ...recorded,
      changed.length
        ? {
            sql: `UPDATE shipments SET ${changed.map(([column]) => `${column} = ?`).join(', ')}, updated_at = ? WHERE tracking_number = ?`,
            args: [...changed.map(([, value]) => value), time, trackingNumber],
          }
        : { sql: 'UPDATE shipments SET updated_at = ? WHERE tracking_number = ?', args: [time, trackingNumber] },
      ...(note ? [noteStatement(trackingNumber, { text: note, created_at: time, author: actor })] : []),
      ...(newStatus
        ? [
            historyEntryStatement(trackingNumber, { notes: null, created_at: time }),
            shipmentActivity(
              actor,
              'status_changed',
              trackingNumber,
              `Status changed to ${statusLabel(newStatus)}`,
              time,
            ),
            ...statusUpdateMail(trackingNumber, null, time),
          ]
        : []),
      ...(details
        ? [
            shipmentActivity(
              actor,
              'shipment_edited',
              trackingNumber,
              details.charAt(0).toUpperCase() + details.slice(1),
              time,
            ),
          ]
        : []),
    ],
    recorded.length,
  );
}

/** A scan from a device or a bulk upload (`POST /api/scans`), as the scans module applies it. */
export interface ScanInput {
  tracking_number: string;
  status?: ShipmentStatus | undefined;
  location?: string | null | undefined;
  note?: string | null | undefined;
  /** When the scan happened: the time of its history entry. */
  scanned_at: string;
}

/**
 * A scan's writes, for the scans module's batch: a current scan sets the status and location it
 * carries, adds one history entry at the scan's time, logs it and emails a status change; a scan
 * older than the shipment's latest entry only adds its history entry (and its log line), so a late
 * upload never overwrites a newer state. Its email is due when it is `received`.
 */
export function scanStatements(scan: ScanInput, actor: StaffUser, current: boolean, received: string): InStatement[] {
  const { tracking_number: trackingNumber, status, note, scanned_at: time } = scan;
  const parsed = scan.location ? parsePlace(scan.location) : null;
  const place = parsed ? formatPlace(parsed.city, parsed.country) : null;
  const did = [
    status ? `status ${statusLabel(status)}` : null,
    place ? `location ${place}` : null,
    note ? 'a note' : null,
  ].filter(Boolean);
  const action = !current ? 'scan_recorded' : status ? 'status_changed' : place ? 'location_changed' : 'scan_recorded';
  return [
    ...(current
      ? [
          {
            sql: `UPDATE shipments SET status = coalesce(?, status), current_location = coalesce(?, current_location),
                    updated_at = max(updated_at, ?) WHERE tracking_number = ?`,
            args: [status ?? null, place, time, trackingNumber],
          },
        ]
      : []),
    historyEntryStatement(trackingNumber, {
      notes: note ?? null,
      place,
      created_at: time,
      ...(status ? { status } : {}),
    }),
    shipmentActivity(
      actor,
      action,
      trackingNumber,
      `Scan${current ? '' : ' (older than the latest entry: history only)'}: ${did.join(', ')}`,
      time,
    ),
    ...(current && status ? statusUpdateMail(trackingNumber, note ?? null, time, received) : []),
  ];
}

/** The fields that hold a sender's or recipient's personal data. */
const SENDER_FIELDS = ['sender_name', 'sender_email', 'sender_phone', 'sender_address'];
const RECIPIENT_FIELDS = ['recipient_name', 'recipient_mail', 'recipient_phone', 'recipient_address'];

/**
 * The erasure's statements for shipments, which are kept: on the person's shipments (linked to them, or
 * sent from their email) the sender becomes `erasedName` with no email, phone or address; where the
 * recipient is them (their name or email), likewise, the address becoming the destination (the city the
 * public page shows). Their values leave the record of changes of those shipments first.
 */
export function eraseFromShipments(person: ErasedPerson & { phone: string | null }, erasedName: string): InStatement[] {
  const { live } = person;
  const sender = {
    sql: `(customer_id = ? OR (sender_email IS NOT NULL AND lower(sender_email) = lower(?)))`,
    args: [person.id, person.email ?? ''],
  };
  const recipient = {
    sql: `(customer_id = ? OR (recipient_mail IS NOT NULL AND lower(recipient_mail) = lower(?)))
          AND (lower(recipient_name) = lower(?) OR lower(recipient_mail) = lower(?) OR recipient_phone = ?)`,
    args: [person.id, person.email ?? '', person.name, person.email ?? '', person.phone ?? ''],
  };
  const changesOf = (fields: string[], where: { sql: string; args: InValue[] }): InStatement => ({
    sql: `UPDATE shipment_changes SET
            old_value = CASE WHEN old_value IS NULL THEN NULL ELSE 'Erased' END,
            new_value = CASE WHEN new_value IS NULL THEN NULL ELSE 'Erased' END
          WHERE field IN (${placeholders(fields)})
            AND shipment_id IN (SELECT id FROM shipments WHERE ${where.sql}) AND ${live.sql}`,
    args: [...fields, ...where.args, ...live.args],
  });
  return [
    changesOf(SENDER_FIELDS, sender),
    changesOf(RECIPIENT_FIELDS, recipient),
    {
      sql: `UPDATE shipments SET recipient_name = ?, recipient_mail = NULL, recipient_phone = NULL,
              recipient_address = destination
            WHERE ${recipient.sql} AND ${live.sql}`,
      args: [erasedName, ...recipient.args, ...live.args],
    },
    {
      sql: `UPDATE shipments SET sender_name = ?, sender_email = NULL, sender_phone = NULL, sender_address = NULL
            WHERE ${sender.sql} AND ${live.sql}`,
      args: [erasedName, ...sender.args, ...live.args],
    },
  ];
}
