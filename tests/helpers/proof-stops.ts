import { crc32, deflateSync } from 'node:zlib';
import type { Client } from '@libsql/client';
import record from '../../netlify/functions/proofs-record';
import { setAdminPassword } from '../../netlify/lib/admin-users';
import { proofImages } from '../../netlify/lib/blobs';
import { historyEntryStatement, insertShipmentStatement } from '../../netlify/lib/shipment-statements';
import { signIn, withSession } from './admin-session';
import { call, SITE } from './requests';

/**
 * What the proof tests share (the blobs server is ./blobs-server.ts): drivers and the stops
 * of their runs (written with SQL: the runs API is another module's), PNG images made from pixels, and the
 * driver's upload as a phone sends it.
 */

/** Every key in the proof images' store. */
export async function storedImageKeys(): Promise<string[]> {
  const { blobs } = await proofImages().list();
  return blobs.map(({ key }) => key).sort();
}

/** A driver account signed in: its id and session cookie. */
export async function addDriver(db: Client, email: string): Promise<{ id: number; cookie: string }> {
  const password = `${email} drives with this`;
  await setAdminPassword(db, email, password, 'driver');
  const { rows } = await db.execute({ sql: 'SELECT id FROM admin_users WHERE email = ?', args: [email] });
  return { id: Number(rows[0]?.id), cookie: await signIn({ email, password }) };
}

/** Who `addShipment`'s shipments go to: the email reveals the address, the destination shows before. */
export const ADDED_RECIPIENT = {
  recipient_name: 'Jane Smith',
  recipient_address: '12 Capitol Mall, Sacramento, United States',
  recipient_mail: 'jane.smith@example.com',
  destination: 'Sacramento, United States',
};

/** A new shipment out for delivery (its number made up here), with the recipient's email for a reveal. */
export async function addShipment(db: Client): Promise<string> {
  const letters = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const number = `NEC${Array.from({ length: 9 }, () => letters[Math.floor(Math.random() * letters.length)]).join('')}`;
  const time = new Date(Date.now() - 3_600_000).toISOString();
  await db.batch(
    [
      insertShipmentStatement({
        tracking_number: number,
        status: 'out_for_delivery',
        sender_name: 'Harbor Supplies Inc',
        ...ADDED_RECIPIENT,
        origin: 'Portland, United States',
        created_at: time,
        updated_at: time,
      }),
      historyEntryStatement(number, { notes: 'Out for delivery', created_at: time, status: 'out_for_delivery' }),
    ],
    'write',
  );
  return number;
}

/** Puts the shipment on the driver's run of the day (made if needed), as the runs module would. */
export async function putOnRun(db: Client, driverId: number, trackingNumber: string, runDate = '2026-11-25') {
  await db.batch(
    [
      {
        sql: 'INSERT INTO runs (driver_id, run_date) VALUES (?, ?) ON CONFLICT (driver_id, run_date) DO NOTHING',
        args: [driverId, runDate],
      },
      {
        sql: `INSERT INTO run_stops (shipment_id, run_id, position)
              SELECT s.id, r.id, 1 + (SELECT count(*) FROM run_stops x WHERE x.run_id = r.id)
              FROM shipments s, runs r WHERE s.tracking_number = ? AND r.driver_id = ? AND r.run_date = ?`,
        args: [trackingNumber, driverId, runDate],
      },
    ],
    'write',
  );
}

type Pixel = readonly [number, number, number, number];

/** An 8-bit RGBA PNG of these pixels (each row filtered with Sub, as encoders do). */
function pngOf(width: number, height: number, pixel: (x: number, y: number) => Pixel): Uint8Array<ArrayBuffer> {
  const raw = Buffer.alloc(height * (width * 4 + 1));
  for (let y = 0; y < height; y++) {
    const at = y * (width * 4 + 1);
    raw[at] = 1;
    for (let x = 0; x < width; x++) {
      const here = pixel(x, y);
      const left = x > 0 ? pixel(x - 1, y) : ([0, 0, 0, 0] as const);
      for (let c = 0; c < 4; c++) raw[at + 1 + x * 4 + c] = ((here[c] ?? 0) - (left[c] ?? 0)) & 0xff;
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return new Uint8Array(png);
}

/** A signature: a wavy stroke across a transparent pad. */
export const signaturePng = () =>
  pngOf(360, 120, (x, y) =>
    Math.abs(y - 60 - Math.round(40 * Math.sin(x / 17))) < 3 ? [20, 20, 80, 255] : [0, 0, 0, 0],
  );

/** A pad nobody signed: large enough to pass the size check, every pixel transparent. */
export const blankPng = () => pngOf(1200, 600, () => [0, 0, 0, 0]);

/** A small JPEG's first bytes and filler: what the server checks is the magic number. */
export const jpegBytes = (size = 2048) => {
  const bytes = new Uint8Array(size);
  bytes.set([0xff, 0xd8, 0xff, 0xe0]);
  return bytes;
};

/** The upload's fields; undefined leaves one out. */
type ProofFields = Partial<
  Record<
    'event_id' | 'recipient_name' | 'signature' | 'photo' | 'latitude' | 'longitude' | 'accuracy' | 'delivered_at',
    Blob | string | undefined
  >
>;

/** A complete upload's fields; those given replace (or, as undefined, remove) the defaults. */
export function proofForm(fields: ProofFields = {}): FormData {
  const all: ProofFields = {
    event_id: crypto.randomUUID(),
    recipient_name: 'Jane Smith',
    signature: new Blob([signaturePng()], { type: 'image/png' }),
    latitude: '38.5816',
    longitude: '-121.4944',
    accuracy: '12',
    delivered_at: new Date().toISOString(),
    ...fields,
  };
  const form = new FormData();
  for (const [name, value] of Object.entries(all)) {
    if (value instanceof Blob) form.set(name, value, `${name}.bin`);
    else if (value !== undefined) form.set(name, value);
  }
  return form;
}

/** The driver's upload as their phone sends it, through the real function. */
export const uploadProof = (cookie: string, trackingNumber: string, form: FormData) =>
  call(
    record,
    new Request(new URL(`/api/driver/stops/${trackingNumber}/proof`, SITE), {
      method: 'POST',
      body: form,
      headers: withSession(cookie, { Origin: SITE, 'Sec-Fetch-Site': 'same-origin' }),
    }),
    { trackingNumber },
  );
