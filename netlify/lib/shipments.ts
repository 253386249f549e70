import type { Client, InStatement, InValue, ResultSet, Row } from '@libsql/client';
import {
  type LocationUpdateInput,
  SHIPMENT_FIELDS,
  type Shipment,
  type ShipmentCreateInput,
  type ShipmentDialogInput,
  type ShipmentPatchInput,
  type StatusUpdateInput,
} from '@/lib/schemas/shipment';
import { statusLabel } from '@/lib/shipment-status';
import { generateTrackingNumber } from '@/lib/tracking-number';
import type { TrackingHistory, TrackingResult } from '@/lib/tracking-result';
import { shipmentActivity } from './activity';
import type { SessionUser } from './auth';
import { resolveCustomer } from './customers';
import { HttpError, invalidInput } from './http';

const selectHistories = (trackingNumber: string): InStatement => ({
  sql: `SELECT h.id, h.status, h.created_at, h.notes
        FROM shipment_histories h JOIN shipments s ON s.id = h.shipment_id
        WHERE s.tracking_number = ? ORDER BY h.created_at, h.id`,
  args: [trackingNumber],
});

/**
 * A history entry for the shipment, for the same batch as the write: with the given status, or the
 * shipment's status as the batch has left it. Inserted from the shipment's row, so only when it exists.
 */
const historyEntry = (trackingNumber: string, notes: string | null, time: string, status?: string): InStatement => ({
  sql: `INSERT INTO shipment_histories (shipment_id, status, notes, created_at)
        SELECT id, ${status === undefined ? 'status' : '?'}, ?, ? FROM shipments WHERE tracking_number = ?`,
  args: [...(status === undefined ? [] : [status]), notes, time, trackingNumber],
});

const textOrNull = (value: unknown) => (value === null || value === undefined ? null : String(value));

const toHistory = (row: Row): TrackingHistory => ({
  id: Number(row.id),
  status: String(row.status),
  created_at: String(row.created_at),
  notes: textOrNull(row.notes),
});

/** The public view of a shipment: only what the tracking page shows, histories oldest first. */
export async function findPublicTracking(db: Client, trackingNumber: string): Promise<TrackingResult | null> {
  const [shipments, histories] = await db.batch(
    [
      {
        sql: `SELECT tracking_number, sender_name, recipient_address, weight, status, destination
              FROM shipments WHERE tracking_number = ?`,
        args: [trackingNumber],
      },
      selectHistories(trackingNumber),
    ],
    'read',
  );
  const row = shipments!.rows[0];
  if (!row) return null;
  return {
    tracking_number: String(row.tracking_number),
    sender_name: String(row.sender_name),
    recipient_address: String(row.recipient_address),
    weight: row.weight === null ? null : Number(row.weight),
    status: String(row.status),
    destination: String(row.destination),
    histories: histories!.rows.map(toHistory),
  };
}

// ---- The admin side: whole shipments, writes (each one batch with its history and activity), the list.

const FIELD_COLUMNS = SHIPMENT_FIELDS.filter((field) => field !== 'tracking_number');
const NUMERIC_FIELDS = new Set(['weight', 'declared_value', 'customs_fees']);
const SHIPMENT_COLUMNS = ['id', 'tracking_number', 'customer_id', ...FIELD_COLUMNS, 'created_at', 'updated_at'];

export const SHIPMENT_NOT_FOUND = 'Shipment not found.';
const notFound = () => new HttpError(404, SHIPMENT_NOT_FOUND);
const invalid = (field: string, message: string) => invalidInput({ [field]: [message] });

const selectShipment = (trackingNumber: string): InStatement => ({
  sql: `SELECT ${SHIPMENT_COLUMNS.join(', ')} FROM shipments WHERE tracking_number = ?`,
  args: [trackingNumber],
});

function toShipment(row: Row, histories: Row[]): Shipment {
  const shipment: Record<string, unknown> = {};
  for (const column of SHIPMENT_COLUMNS) {
    const value = row[column];
    shipment[column] =
      column === 'id' || NUMERIC_FIELDS.has(column) ? (value === null ? null : Number(value)) : textOrNull(value);
  }
  shipment.histories = histories.map(toHistory);
  return shipment as Shipment;
}

/** Reads a shipment from the last two results of a batch that ends with selectShipment + selectHistories. */
function fromBatch(results: ResultSet[]): Shipment {
  const [shipments, histories] = results.slice(-2);
  const row = shipments?.rows[0];
  if (!row) throw notFound();
  return toShipment(row, histories!.rows);
}

/** The whole shipment (every creation field, record fields, histories oldest first), or null. */
export async function findShipment(db: Client, trackingNumber: string): Promise<Shipment | null> {
  const [shipments, histories] = await db.batch(
    [selectShipment(trackingNumber), selectHistories(trackingNumber)],
    'read',
  );
  const row = shipments!.rows[0];
  return row ? toShipment(row, histories!.rows) : null;
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
  customer_id?: string | null;
};

/**
 * Creates a shipment with its first history entry and its activity row in one transaction. A given
 * tracking number that is taken is a 422 on `tracking_number`; a missing one is generated (and drawn
 * again on a collision).
 */
export async function createShipment(
  db: Client,
  input: NewShipment,
  actor: SessionUser,
  now = new Date(),
): Promise<Shipment> {
  const given = input.tracking_number;
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
  actor: SessionUser,
  now: string,
) {
  const columns = ['tracking_number', 'customer_id', ...FIELD_COLUMNS, 'created_at', 'updated_at'];
  const values = columns.map((column) =>
    column === 'created_at' || column === 'updated_at' ? now : ((input as Record<string, unknown>)[column] ?? null),
  );
  const results = await db.batch(
    [
      {
        sql: `INSERT INTO shipments (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
        args: values as InValue[],
      },
      historyEntry(input.tracking_number, `Shipment created at ${input.origin}`, now),
      shipmentActivity(
        actor,
        'shipment_created',
        input.tracking_number,
        `Shipment created (${statusLabel(input.status)})`,
        now,
      ),
      selectShipment(input.tracking_number),
      selectHistories(input.tracking_number),
    ],
    'write',
  );
  return fromBatch(results);
}

/** The add dialog: the customer record becomes the sender; eta is both the estimated delivery and the arrival time. */
export async function createShipmentFromDialog(
  db: Client,
  input: ShipmentDialogInput,
  actor: SessionUser,
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
      // The dialog has no recipient fields: the customer is the consignee until staff edit the shipment.
      recipient_name: customer.name,
      recipient_address: input.destination,
      package_type: input.type ?? null,
      origin: input.origin,
      destination: input.destination,
      estimated_delivery: input.eta ?? null,
      arrival_time: input.eta ?? null,
      admin_notes: input.notes ?? null,
      current_location: input.origin,
    },
    actor,
    now,
  );
}

/**
 * Runs a write that changes one existing shipment: the statements, then the shipment read back in the
 * same transaction. The first statement must be the UPDATE; 404 when it matched nothing.
 */
async function writeShipment(db: Client, trackingNumber: string, statements: InStatement[]): Promise<Shipment> {
  const results = await db.batch(
    [...statements, selectShipment(trackingNumber), selectHistories(trackingNumber)],
    'write',
  );
  if (results[0]!.rowsAffected === 0) throw notFound();
  return fromBatch(results);
}

/** Sets the status and appends a history entry with the note. */
export async function updateStatus(
  db: Client,
  trackingNumber: string,
  { status, note }: Pick<StatusUpdateInput, 'status' | 'note'>,
  actor: SessionUser,
  now = new Date(),
): Promise<Shipment> {
  const time = now.toISOString();
  return writeShipment(db, trackingNumber, [
    {
      sql: 'UPDATE shipments SET status = ?, updated_at = ? WHERE tracking_number = ?',
      args: [status, time, trackingNumber],
    },
    historyEntry(trackingNumber, note ?? null, time, status),
    shipmentActivity(actor, 'status_changed', trackingNumber, `Status changed to ${statusLabel(status)}`, time),
  ]);
}

/** Moves the shipment: current location and arrival time, plus a history entry so the public timeline shows it. */
export async function updateLocation(
  db: Client,
  trackingNumber: string,
  { current_country, arrival_time }: Pick<LocationUpdateInput, 'current_country' | 'arrival_time'>,
  actor: SessionUser,
  now = new Date(),
): Promise<Shipment> {
  const time = now.toISOString();
  return writeShipment(db, trackingNumber, [
    {
      sql: 'UPDATE shipments SET current_location = ?, arrival_time = ?, updated_at = ? WHERE tracking_number = ?',
      args: [current_country, arrival_time, time, trackingNumber],
    },
    historyEntry(trackingNumber, `Location updated: ${current_country}; expected arrival ${arrival_time}`, time),
    shipmentActivity(actor, 'location_changed', trackingNumber, `Location set to ${current_country}`, time),
  ]);
}

const EDIT_LABELS: Record<string, string> = {
  customer_id: 'customer',
  estimated_delivery: 'ETA',
  arrival_time: 'ETA',
  package_type: 'type',
  admin_notes: 'notes',
};

/** The edit dialog's save: changes only the fields given; a status change also appends a history entry. */
export async function editShipment(
  db: Client,
  trackingNumber: string,
  patch: ShipmentPatchInput,
  actor: SessionUser,
  now = new Date(),
): Promise<Shipment> {
  const current = await findShipment(db, trackingNumber);
  if (!current) throw notFound();
  const wanted: Partial<Record<keyof Shipment, string | null>> = {};
  if (patch.customer !== undefined)
    wanted.customer_id = patch.customer === null ? null : (await resolveCustomer(db, patch.customer)).id;
  if (patch.origin !== undefined) wanted.origin = patch.origin;
  if (patch.destination !== undefined) wanted.destination = patch.destination;
  if (patch.eta !== undefined) {
    wanted.estimated_delivery = patch.eta;
    wanted.arrival_time = patch.eta;
  }
  if (patch.type !== undefined) wanted.package_type = patch.type;
  if (patch.notes !== undefined) wanted.admin_notes = patch.notes;
  if (patch.status !== undefined) wanted.status = patch.status;

  const changed = Object.entries(wanted).filter(([column, value]) => current[column as keyof Shipment] !== value);
  if (changed.length === 0) return current;

  const time = now.toISOString();
  const statusChanged = wanted.status !== undefined && wanted.status !== current.status;
  const edited = changed.filter(([column]) => column !== 'status').map(([column]) => EDIT_LABELS[column] ?? column);
  return writeShipment(db, trackingNumber, [
    {
      sql: `UPDATE shipments SET ${changed.map(([column]) => `${column} = ?`).join(', ')}, updated_at = ? WHERE tracking_number = ?`,
      args: [...changed.map(([, value]) => value ?? null), time, trackingNumber],
    },
    ...(statusChanged
      ? [
          historyEntry(trackingNumber, `Status changed to ${statusLabel(wanted.status)}`, time),
          shipmentActivity(
            actor,
            'status_changed',
            trackingNumber,
            `Status changed to ${statusLabel(wanted.status)}`,
            time,
          ),
        ]
      : []),
    ...(edited.length
      ? [shipmentActivity(actor, 'shipment_edited', trackingNumber, `Edited ${[...new Set(edited)].join(', ')}`, time)]
      : []),
  ]);
}
