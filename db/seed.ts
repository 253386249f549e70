import type { Client, InStatement } from '@libsql/client';
import { z } from 'zod';
import { SHIPMENT_STATUSES, type ShipmentStatus } from '@/lib/shipment-status';
import { adminAccountStatement } from '../netlify/lib/admin-users';
import { seedCustomerStatement } from '../netlify/lib/customers';
import { decodeRows } from '../netlify/lib/rows';
import {
  historyEntryStatement,
  insertShipmentStatement,
  noteStatement,
  type ShipmentInsert,
} from '../netlify/lib/shipment-statements';
import {
  SEED_CITIES,
  SEED_COURIERS,
  SEED_CUSTOMERS,
  SEED_PACKAGE_TYPES,
  SEED_PEOPLE,
  SEED_STATUS_COUNTS,
  SEED_STREETS,
  type SeedCity,
} from './seed-data';
import { country, hubsOnTheWay, modesBetween, type PackageType, type Rng, random, TRANSIT_DAYS } from './seed-travel';

const trackingNumberRow = z.object({ tracking_number: z.string() });
const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

interface SeedHistory {
  status: ShipmentStatus;
  notes: string;
  /** Where it happened: "City, Country". */
  place: string;
  created_at: string;
}

/** A demo shipment: the columns it is inserted with, its history and its staff note, if any. */
export type SeedShipment = Omit<ShipmentInsert, 'updated_at'> & {
  customer_id: string;
  sender_email: string;
  recipient_mail: string;
  package_type: string;
  histories: SeedHistory[];
  note: string | null;
};

const isoDate = (time: number) => new Date(time).toISOString().slice(0, 10);
const isoTime = (time: number) => new Date(time).toISOString();
const emailOf = (name: string) =>
  `${name
    .toLowerCase()
    .normalize('NFD')
    .replace(/[^a-z ]/g, '')
    .replace(/ +/g, '.')}@mail.example`;

/** The demo shipments, built relative to `now` so the dashboard always has recent activity. */
export function buildSeedShipments(now = Date.now()): SeedShipment[] {
  const rng = random(20101);
  const statuses = SHIPMENT_STATUSES.flatMap((status) =>
    Array<ShipmentStatus>(SEED_STATUS_COUNTS[status] ?? 0).fill(status),
  );
  return statuses.map((status, index) => {
    const body = Array.from({ length: 9 }, () => rng.pick([...'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'])).join('');
    const packageType = rng.pick(SEED_PACKAGE_TYPES);
    const [minKg, maxKg] = packageType.kg;
    const weight = Math.round((minKg + rng.next() * (maxKg - minKg)) * 10) / 10;
    const origin = rng.pick(SEED_CITIES);
    let destination = rng.pick(SEED_CITIES);
    let modes = modesBetween(origin, destination, packageType.type, weight, status === 'delivered');
    while (destination === origin || modes.length === 0) {
      destination = rng.pick(SEED_CITIES);
      modes = modesBetween(origin, destination, packageType.type, weight, status === 'delivered');
    }
    const mode = rng.pick(modes);
    const international = country(origin) !== country(destination);
    const sender = rng.pick(SEED_PEOPLE);
    const recipient = rng.pick(SEED_PEOPLE);
    const { courier, method } = SEED_COURIERS[mode];
    const created = now - (index % 12) * DAY - rng.int(1, 20) * HOUR - index * 3 * HOUR;
    const [fewestDays, mostDays] = packageType.type === 'Express' && mode !== 'sameDay' ? [1, 2] : TRANSIT_DAYS[mode];
    const transitDays = rng.int(fewestDays, mostDays);
    const hubs = hubsOnTheWay(origin, destination, mode, rng.int(0, 2), rng);
    const { histories, place } = buildHistory(status, created, now, origin, destination, hubs, rng);
    // biome-ignore lint/style/noNonNullAssertion: every seeded shipment gets at least one history entry
    const last = histories[histories.length - 1]!;
    const lastTime = Date.parse(last.created_at);
    return {
      tracking_number: `NEC${body}`,
      // biome-ignore lint/style/noNonNullAssertion: an index modulo the length of a non-empty constant list
      customer_id: SEED_CUSTOMERS[index % SEED_CUSTOMERS.length]!.id,
      order_date: isoDate(created),
      status,
      courier,
      sender_name: sender,
      sender_address: `${rng.pick(SEED_STREETS)}, ${origin}`,
      sender_email: emailOf(sender),
      sender_phone: `+1 916 555 0${rng.int(100, 199)}`,
      recipient_name: recipient,
      recipient_address: `${rng.pick(SEED_STREETS)}, ${destination}`,
      recipient_mail: emailOf(recipient),
      recipient_phone: `+44 20 7946 0${rng.int(100, 999)}`,
      weight,
      dimensions: dimensionsOf(packageType.type, rng),
      package_type: packageType.type,
      contents: rng.pick(packageType.contents),
      declared_value: rng.int(50, 5000),
      origin,
      destination,
      shipping_date: isoDate(created + DAY),
      estimated_delivery: isoDate(created + (transitDays + 1) * DAY),
      delivery_method: method,
      customs_status: international ? (status === 'on_hold' ? 'Held for inspection' : 'Cleared') : 'Not required',
      customs_fees: international ? rng.int(15, 250) : 0,
      delivery_date: status === 'delivered' ? isoDate(lastTime) : null,
      agent_notes:
        status !== 'on_hold'
          ? null
          : international
            ? 'Awaiting commercial invoice from the sender.'
            : 'Waiting for the recipient to confirm the delivery address.',
      note: index % 4 === 0 ? 'Priority account: notify the customer of any delay.' : null,
      current_location: place,
      arrival_time: isoTime(status === 'delivered' ? lastTime : created + (transitDays + 1) * DAY),
      created_at: isoTime(created),
      histories,
    };
  });
}

/** Length x width x height in cm, of a size that goes with the package type. */
function dimensionsOf(type: PackageType, rng: Rng): string {
  if (type === 'Documents') return `${rng.int(30, 40)} x ${rng.int(22, 30)} x ${rng.int(1, 5)} cm`;
  if (type === 'Pallet') return `120 x 80 x ${rng.int(60, 180)} cm`;
  if (type === 'Heavy Freight') return `${rng.int(150, 400)} x ${rng.int(100, 240)} x ${rng.int(80, 250)} cm`;
  return `${rng.int(20, 80)} x ${rng.int(15, 60)} x ${rng.int(10, 50)} cm`;
}

function buildHistory(
  status: ShipmentStatus,
  created: number,
  now: number,
  origin: SeedCity,
  destination: SeedCity,
  hubs: readonly SeedCity[],
  rng: Rng,
): { histories: SeedHistory[]; place: string } {
  let place: string = origin;
  const steps: Array<[ShipmentStatus, string, string]> = [['processing', 'Order received at the depot', origin]];
  if (status === 'processing') steps.push(['processing', 'Shipping label created; awaiting documents', origin]);
  else steps.push(['preparing', 'Packed and labelled, awaiting pickup', origin]);
  if (status === 'in_transit' || status === 'on_hold' || status === 'delivered') {
    steps.push(['in_transit', 'Departed the depot', origin]);
    for (const hub of hubs) {
      place = hub;
      steps.push(['in_transit', 'Arrived at the hub', place]);
    }
  }
  if (status === 'on_hold') {
    const international = country(origin) !== country(destination);
    steps.push([
      'on_hold',
      international ? 'Held at customs pending documentation' : 'Held: delivery address to be confirmed',
      place,
    ]);
  }
  if (status === 'delivered') {
    place = destination;
    steps.push(['delivered', 'Delivered; signed for by recipient', destination]);
  }
  // Gaps of 3 to 30 hours, squeezed when needed so that no entry lies in the future.
  const gaps = steps.map(() => rng.int(3, 30) * HOUR);
  const span = gaps.slice(0, -1).reduce((sum, gap) => sum + gap, 0);
  const scale = Math.min(1, Math.max(0, now - 10 * 60 * 1000 - created) / (span || 1));
  let time = created;
  const histories = steps.map(([stepStatus, notes, where], index) => {
    const entry = { status: stepStatus, notes, place: where, created_at: isoTime(time) };
    // biome-ignore lint/style/noNonNullAssertion: index runs over the gaps list
    time += gaps[index]! * scale;
    return entry;
  });
  return { histories, place };
}

export interface SeedOptions {
  adminEmail: string;
  adminPassword: string;
  now?: number;
}

export interface SeedResult {
  customers: number;
  shipments: number;
  adminCreated: boolean;
}

/** Adds whatever demo data is missing; running it again changes nothing. */
export async function seed(db: Client, { adminEmail, adminPassword, now }: SeedOptions): Promise<SeedResult> {
  const statements: InStatement[] = SEED_CUSTOMERS.map(seedCustomerStatement);

  const existing = new Set(
    decodeRows(trackingNumberRow, (await db.execute('SELECT tracking_number FROM shipments')).rows).map(
      (row) => row.tracking_number,
    ),
  );
  // Oldest first: the admin list orders by id as creation order, so ids must follow created_at here too.
  const missing = buildSeedShipments(now)
    .filter((shipment) => !existing.has(shipment.tracking_number))
    .sort((a, b) => a.created_at.localeCompare(b.created_at));
  for (const { histories, note, ...shipment } of missing) {
    // biome-ignore lint/style/noNonNullAssertion: every seeded shipment gets at least one history entry
    const updated = histories.at(-1)!.created_at;
    statements.push(insertShipmentStatement({ ...shipment, updated_at: updated }));
    for (const history of histories) statements.push(historyEntryStatement(shipment.tracking_number, history));
    if (note)
      statements.push(noteStatement(shipment.tracking_number, { text: note, created_at: updated, author: null }));
  }

  const hasAdmin =
    (await db.execute({ sql: 'SELECT 1 FROM admin_users WHERE email = ?', args: [adminEmail] })).rows.length > 0;
  // Hashing takes a while, so only when the account is missing.
  if (!hasAdmin) statements.push(await adminAccountStatement(adminEmail, adminPassword));

  await db.batch(statements, 'write');
  return { customers: SEED_CUSTOMERS.length, shipments: missing.length, adminCreated: !hasAdmin };
}
