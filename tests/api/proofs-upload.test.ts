import { beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../helpers/admin-session';
import { useBlobsServer } from '../helpers/blobs-server';
import {
  addDriver,
  addShipment,
  blankPng,
  jpegBytes,
  proofForm,
  putOnRun,
  storedImageKeys,
  uploadProof,
} from '../helpers/proof-stops';
import { useTestDatabase } from '../helpers/test-db';

// The driver's proof of delivery (`POST /api/driver/stops/{n}/proof`): one transaction for the delivered status,
// its history, log line, email, scan event and proof row; the images in Netlify Blobs, never one without the other.

const getDb = useTestDatabase({ seed: true });
useBlobsServer();

let driver: { id: number; cookie: string };
let other: { id: number; cookie: string };
/** A shipment of its own for each test, on the driver's run. */
const nextStop = async (owner = driver) => {
  const db = await getDb();
  const number = await addShipment(db);
  await putOnRun(db, owner.id, number);
  return number;
};

beforeAll(async () => {
  const db = await getDb();
  driver = await addDriver(db, 'driver-one@nec-cargo.example');
  other = await addDriver(db, 'driver-two@nec-cargo.example');
}, 60_000);

/** What the database holds for the shipment: status, proofs, delivered entries, scan events, log lines, emails. */
async function written(trackingNumber: string) {
  const db = await getDb();
  const { rows } = await db.execute({
    sql: `SELECT s.status,
            (SELECT count(*) FROM proofs p WHERE p.shipment_id = s.id) AS proofs,
            (SELECT count(*) FROM shipment_histories h WHERE h.shipment_id = s.id AND h.status = 'delivered') AS delivered,
            (SELECT group_concat(h.notes) FROM shipment_histories h WHERE h.shipment_id = s.id AND h.status = 'delivered') AS notes,
            (SELECT count(*) FROM scan_events e WHERE e.shipment_id = s.id) AS scans,
            (SELECT count(*) FROM activity_log a WHERE a.tracking_number = s.tracking_number) AS logged,
            (SELECT count(*) FROM outbox o WHERE o.kind = 'status_update' AND o.tracking_number = s.tracking_number) AS emails
          FROM shipments s WHERE s.tracking_number = ?`,
    args: [trackingNumber],
  });
  return { ...rows[0] };
}

describe('recording a proof of delivery', () => {
  it('delivers the stop with its history, log, email, proof row and images', async () => {
    const number = await nextStop();
    const before = await written(number);
    const keysBefore = await storedImageKeys();
    const photo = new Blob([jpegBytes()], { type: 'image/jpeg' });
    const { status, body } = await uploadProof(driver.cookie, number, proofForm({ photo }));
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.data).toEqual({ result: 'applied', tracking_number: number });
    expect(await written(number)).toMatchObject({
      status: 'delivered',
      proofs: 1,
      delivered: 1,
      notes: 'Delivered, signed by J. S.',
      scans: 1,
      logged: Number(before.logged) + 1,
    });
    // The recipient's status email, and the company's copy.
    const emails = await (await getDb()).execute({
      sql: "SELECT recipient FROM outbox WHERE kind = 'status_update' AND tracking_number = ? ORDER BY recipient",
      args: [number],
    });
    expect(emails.rows.map((row) => row.recipient)).toContain('jane.smith@example.com');
    expect(emails.rows.length).toBeGreaterThan(Number(before.emails));
    const { rows } = await (await getDb()).execute({
      sql: `SELECT p.recipient_name, p.latitude, p.longitude, p.accuracy, p.photo_type, p.signature_key, p.photo_key,
                   p.recorded_by FROM proofs p JOIN shipments s ON s.id = p.shipment_id WHERE s.tracking_number = ?`,
      args: [number],
    });
    expect(rows[0]).toMatchObject({
      recipient_name: 'Jane Smith',
      latitude: 38.5816,
      longitude: -121.4944,
      accuracy: 12,
      photo_type: 'image/jpeg',
      recorded_by: driver.id,
    });
    const keys = [String(rows[0]?.signature_key), String(rows[0]?.photo_key)];
    // Unguessable: long random keys, not the tracking number.
    for (const key of keys) expect(key).toMatch(/^(signature|photo)\/[A-Za-z0-9_-]{32}$/);
    expect(await storedImageKeys()).toEqual([...keysBefore, ...keys].sort());
  });

  it('answers a repeated event as a duplicate and changes nothing', async () => {
    const number = await nextStop();
    const form = proofForm();
    expect((await uploadProof(driver.cookie, number, form)).body.data.result).toBe('applied');
    const after = await written(number);
    const keys = await storedImageKeys();
    const again = await uploadProof(driver.cookie, number, form);
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual({ result: 'duplicate', tracking_number: number });
    expect(await written(number)).toEqual(after);
    expect(await storedImageKeys()).toEqual(keys);
  });

  it('gives one proof and one delivered entry for 20 identical uploads at once, and no stray image', async () => {
    const number = await nextStop();
    const form = proofForm();
    const keys = await storedImageKeys();
    const answers = await Promise.all(Array.from({ length: 20 }, () => uploadProof(driver.cookie, number, form)));
    expect(answers.map(({ status }) => status)).toEqual(Array(20).fill(200));
    const results = answers.map(({ body }) => body.data.result).sort();
    expect(results).toEqual(['applied', ...Array(19).fill('duplicate')]);
    expect(await written(number)).toMatchObject({ status: 'delivered', proofs: 1, delivered: 1, scans: 1 });
    expect((await storedImageKeys()).length).toBe(keys.length + 1);
  });

  it('keeps the first proof when two devices record the same stop with different events: 409 for the other', async () => {
    const number = await nextStop();
    const keys = await storedImageKeys();
    const answers = await Promise.all([
      uploadProof(driver.cookie, number, proofForm({ recipient_name: 'Ann Lee' })),
      uploadProof(driver.cookie, number, proofForm({ recipient_name: 'Bo Chan' })),
    ]);
    expect(answers.map(({ status }) => status).sort()).toEqual([200, 409]);
    expect(answers.find(({ status }) => status === 409)?.body.message).toMatch(/already has a proof/);
    expect(await written(number)).toMatchObject({ proofs: 1, delivered: 1, scans: 1 });
    expect((await storedImageKeys()).length).toBe(keys.length + 1);
    const late = await uploadProof(driver.cookie, number, proofForm());
    expect(late.status).toBe(409);
  });
});

describe('a faulty upload', () => {
  const cases: Array<[string, Parameters<typeof proofForm>[0], string]> = [
    ['a blank signature', { signature: new Blob([blankPng()], { type: 'image/png' }) }, 'signature'],
    ['a signature of a few bytes', { signature: new Blob([new Uint8Array(120)], { type: 'image/png' }) }, 'signature'],
    ['no signature', { signature: undefined }, 'signature'],
    ['a signature that is no PNG', { signature: new Blob([jpegBytes()], { type: 'image/png' }) }, 'signature'],
    ['a photo over 500 KB', { photo: new Blob([jpegBytes(501 * 1024)], { type: 'image/jpeg' }) }, 'photo'],
    ['a photo that is text', { photo: new Blob(['x'.repeat(4000)], { type: 'image/jpeg' }) }, 'photo'],
    ['a photo that is a PDF', { photo: new Blob(['%PDF-1.7 '.repeat(300)], { type: 'image/png' }) }, 'photo'],
    ['no recipient name', { recipient_name: undefined }, 'recipient_name'],
    ['a blank recipient name', { recipient_name: '   ' }, 'recipient_name'],
    ['a recipient name too long', { recipient_name: 'J'.repeat(101) }, 'recipient_name'],
    ['a control character in the name', { recipient_name: 'Jane\u0000Smith' }, 'recipient_name'],
    ['a latitude out of range', { latitude: '91' }, 'latitude'],
    ['a longitude that is not a number', { longitude: 'west' }, 'longitude'],
    ['a delivery time in the future', { delivered_at: new Date(Date.now() + 3_600_000).toISOString() }, 'delivered_at'],
    ['no delivery time', { delivered_at: undefined }, 'delivered_at'],
    ['no event id', { event_id: undefined }, 'event_id'],
  ];

  it.each(cases)('with %s answers 422 naming the field and writes nothing', async (_, fields, field) => {
    const number = await nextStop();
    const before = await written(number);
    const keys = await storedImageKeys();
    const { status, body } = await uploadProof(driver.cookie, number, proofForm(fields));
    expect(status, JSON.stringify(body)).toBe(422);
    expect(Object.keys(body.errors)).toEqual([field]);
    expect(await written(number)).toEqual(before);
    expect(await storedImageKeys()).toEqual(keys);
  });

  it("on another driver's stop answers 403 and writes nothing: no row, no image", async () => {
    const number = await nextStop(other);
    const before = await written(number);
    const keys = await storedImageKeys();
    const { status, body } = await uploadProof(driver.cookie, number, proofForm());
    expect(status).toBe(403);
    expect(body.message).toBe('This stop is not on your run.');
    expect(await written(number)).toEqual(before);
    expect(await storedImageKeys()).toEqual(keys);
  });

  it('from staff who are not drivers answers 403', async () => {
    const number = await nextStop();
    const { status } = await uploadProof(await signIn(), number, proofForm());
    expect(status).toBe(403);
    expect((await written(number)).proofs).toBe(0);
  });

  it('whose batch fails leaves no image behind, and nothing written', async () => {
    const number = await nextStop();
    const db = await getDb();
    const before = await written(number);
    const keys = await storedImageKeys();
    await db.execute("CREATE TRIGGER proofs_fail BEFORE INSERT ON proofs BEGIN SELECT RAISE(ABORT, 'disk full'); END");
    try {
      const photo = new Blob([jpegBytes()], { type: 'image/jpeg' });
      const { status } = await uploadProof(driver.cookie, number, proofForm({ photo }));
      expect(status).toBe(503);
    } finally {
      await db.execute('DROP TRIGGER proofs_fail');
    }
    expect(await written(number)).toEqual(before);
    expect(await storedImageKeys()).toEqual(keys);
  });
});
