import type { Client, InStatement, InValue, ResultSet } from '@libsql/client';
import type { z } from 'zod';
import {
  type LocationUpdateInput,
  type Shipment,
  type ShipmentCreateInput,
  type ShipmentDialogInput,
  type ShipmentPatchInput,
  type StatusUpdateInput,
  shipmentRecordSchema,
  shipmentSchema,
} from '@/lib/schemas/shipment';
import { type TrackingResult, trackingResultSchema } from '@/lib/schemas/tracking';
import { type ShipmentStatus, statusLabel } from '@/lib/shipment-status';
import { generateTrackingNumber } from '@/lib/tracking-number';
import { shipmentActivity } from './activity';
import type { SessionUser } from './auth';
import { resolveCustomer } from './customers';
import { HttpError, invalidInput } from './http';
import { decodeRow } from './rows';

const selectHistories = (trackingNumber: string): InStatement => ({
  sql: `SELECT h.id, h.status, h.created_at, h.notes
        FROM shipment_histories h JOIN shipments s ON s.id = h.shipment_id
        WHERE s.tracking_number = ? ORDER BY h.created_at, h.id`,
  args: [trackingNumber],
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
  return row ? decodeRow(trackingResultSchema, { ...row, histories: histories!.rows }) : null;
}

// ---- The admin side: whole shipments, writes (each one batch with its history and activity), the list.

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

/** Reads a shipment from the last two results of a batch that ends with selectShipment + selectHistories. */
function fromBatch(results: ResultSet[]): Shipment | null {
  const [shipments, histories] = results.slice(-2);
  const row = shipments?.rows[0];
  return row ? decodeRow(shipmentSchema, { ...row, histories: histories!.rows }) : null;
}

/** The whole shipment (every creation field, record fields, histories oldest first), or null. */
export async function findShipment(db: Client, trackingNumber: string): Promise<Shipment | null> {
  return fromBatch(await db.batch([selectShipment(trackingNumber), selectHistories(trackingNumber)], 'read'));
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
    sql: `INSERT INTO shipments (${INSERT_COLUMNS.join(', ')}) VALUES (${INSERT_COLUMNS.map(() => '?').join(', ')})`,
    args: INSERT_COLUMNS.map((column) => values[column] ?? null),
  };
}

/**
 * A history entry for the shipment, for the same batch as the write: with the given status, or the
 * shipment's status as the batch has left it. Inserted from the shipment's row, so only when it exists.
 */
export function historyEntryStatement(
  trackingNumber: string,
  entry: { notes: string | null; created_at: string; status?: ShipmentStatus },
): InStatement {
  const { status, notes, created_at } = entry;
  return {
    sql: `INSERT INTO shipment_histories (shipment_id, status, notes, created_at)
          SELECT id, ${status === undefined ? 'status' : '?'}, ?, ? FROM shipments WHERE tracking_number = ?`,
    args: [...(status === undefined ? [] : [status]), notes, created_at, trackingNumber],
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
): Promise<Shipment> {
  const results = await db.batch(
    [
      insertShipmentStatement({ ...input, created_at: now, updated_at: now }),
      historyEntryStatement(input.tracking_number, { notes: `Shipment created at ${input.origin}`, created_at: now }),
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
  const created = fromBatch(results);
  if (!created) throw new Error(`Shipment ${input.tracking_number} was not read back after its insert`);
  return created;
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
  const shipment = fromBatch(results);
  if (results[0]!.rowsAffected === 0 || !shipment) throw notFound();
  return shipment;
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
    historyEntryStatement(trackingNumber, { notes: note ?? null, created_at: time, status }),
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
    historyEntryStatement(trackingNumber, {
      notes: `Location updated: ${current_country}; expected arrival ${arrival_time}`,
      created_at: time,
    }),
    shipmentActivity(actor, 'location_changed', trackingNumber, `Location set to ${current_country}`, time),
  ]);
}

/** The columns the edit dialog changes, with the words the activity log uses for them. */
const EDIT_LABELS = {
  customer_id: 'customer',
  origin: 'origin',
  destination: 'destination',
  estimated_delivery: 'ETA',
  arrival_time: 'ETA',
  package_type: 'type',
  admin_notes: 'notes',
  status: 'status',
} as const;
type EditableColumn = keyof typeof EDIT_LABELS;

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
  const wanted = new Map<EditableColumn, string | null>();
  if (patch.customer !== undefined) {
    wanted.set('customer_id', patch.customer === null ? null : (await resolveCustomer(db, patch.customer)).id);
  }
  if (patch.origin !== undefined) wanted.set('origin', patch.origin);
  if (patch.destination !== undefined) wanted.set('destination', patch.destination);
  if (patch.eta !== undefined) {
    wanted.set('estimated_delivery', patch.eta);
    wanted.set('arrival_time', patch.eta);
  }
  if (patch.type !== undefined) wanted.set('package_type', patch.type);
  if (patch.notes !== undefined) wanted.set('admin_notes', patch.notes);
  if (patch.status !== undefined) wanted.set('status', patch.status);

  const changed = [...wanted].filter(([column, value]) => current[column] !== value);
  if (changed.length === 0) return current;

  const time = now.toISOString();
  const newStatus = patch.status !== undefined && patch.status !== current.status ? patch.status : undefined;
  const edited = new Set(changed.filter(([column]) => column !== 'status').map(([column]) => EDIT_LABELS[column]));
  return writeShipment(db, trackingNumber, [
    {
      sql: `UPDATE shipments SET ${changed.map(([column]) => `${column} = ?`).join(', ')}, updated_at = ? WHERE tracking_number = ?`,
      args: [...changed.map(([, value]) => value), time, trackingNumber],
    },
    ...(newStatus
      ? [
          historyEntryStatement(trackingNumber, {
            notes: `Status changed to ${statusLabel(newStatus)}`,
            created_at: time,
          }),
          shipmentActivity(
            actor,
            'status_changed',
            trackingNumber,
            `Status changed to ${statusLabel(newStatus)}`,
            time,
          ),
        ]
      : []),
    ...(edited.size
      ? [shipmentActivity(actor, 'shipment_edited', trackingNumber, `Edited ${[...edited].join(', ')}`, time)]
      : []),
  ]);
}
