import { beforeAll, describe, expect, it } from 'vitest';
import quoteRequest from '../../netlify/functions/quote-requests-update';
import shipment from '../../netlify/functions/shipments-read-edit';
import { deleteQueuedBlobs } from '../../netlify/lib/blob-deletions';
import { purgeExpiredShipments } from '../../netlify/lib/shipment-retention';
import { SHIPMENT_KEEP_YEARS } from '../../src/lib/shipment-retention';
import { signIn, withSession } from '../helpers/admin-session';
import { useBlobsServer, withStoreAway } from '../helpers/blobs-server';
import { bookPickupFor, nextPickupDay } from '../helpers/pickups';
import {
  addDriver,
  addShipment,
  jpegBytes,
  proofForm,
  putOnRun,
  storedImageKeys,
  uploadProof,
} from '../helpers/proof-stops';
import { emailOf, requestQuote } from '../helpers/quote-requests';
import { apiRequest, call } from '../helpers/requests';
import { useTestDatabase } from '../helpers/test-db';

// Shipments are made old by setting their times, so the purge runs at the real now and the seeded ones stay.
const getDb = useTestDatabase({ seed: true });
useBlobsServer();
let cookie: string;
beforeAll(async () => {
  cookie = await signIn();
});

/** The instant `years` years and `days` days before now. */
const yearsAgo = (years: number, days = 0) => {
  const when = new Date();
  when.setUTCFullYear(when.getUTCFullYear() - years);
  when.setUTCDate(when.getUTCDate() - days);
  return when.toISOString();
};

async function count(sql: string, args: Array<string | number>): Promise<number> {
  const { rows } = await (await getDb()).execute({ sql, args });
  return Number(rows[0]?.n);
}

const setTimes = async (trackingNumber: string, created: string, updated: string) =>
  (await getDb()).execute({
    sql: 'UPDATE shipments SET created_at = ?, updated_at = ? WHERE tracking_number = ?',
    args: [created, updated, trackingNumber],
  });

/** Which of `keys` wait in the queue of files to delete. */
async function queued(keys: string[]): Promise<string[]> {
  const { rows } = await (await getDb()).execute({
    sql: `SELECT key FROM blob_deletions WHERE store = 'proof-images' AND key IN (${keys.map(() => '?').join(', ')})
          ORDER BY key`,
    args: keys,
  });
  return rows.map((row) => String(row.key));
}

/** Every row about the shipment in the tables that hold one, by table. */
async function traces(trackingNumber: string): Promise<Record<string, number>> {
  const byId = ['shipment_histories', 'shipment_changes', 'run_stops', 'proofs', 'scan_events', 'mail_subscriptions'];
  const { rows } = await (await getDb()).execute({
    sql: `SELECT id FROM shipments WHERE tracking_number = ?`,
    args: [trackingNumber],
  });
  const id = Number(rows[0]?.id ?? -1);
  const found: Record<string, number> = {
    shipments: rows.length,
    activity_log: await count('SELECT count(*) AS n FROM activity_log WHERE tracking_number = ?', [trackingNumber]),
    pickups: await count('SELECT count(*) AS n FROM pickups WHERE tracking_number = ?', [trackingNumber]),
    quote_offers: await count('SELECT count(*) AS n FROM quote_offers WHERE tracking_number = ?', [trackingNumber]),
  };
  for (const table of byId) {
    found[table] = await count(`SELECT count(*) AS n FROM ${table} WHERE shipment_id = ?`, [id]);
  }
  return found;
}

/** A shipment delivered with a signed proof and a photo, edited by staff, collected from a booked pickup and booked from an accepted quote. */
async function deliveredShipment(name: string): Promise<{ trackingNumber: string; images: string[] }> {
  const db = await getDb();
  const before = await storedImageKeys();
  const trackingNumber = await addShipment(db);
  const edit = await call(
    shipment,
    apiRequest(`/api/shipments/${trackingNumber}`, {
      method: 'PATCH',
      json: { sender_phone: '+1 202 555 0100' },
      headers: withSession(cookie),
    }),
    { trackingNumber },
  );
  expect(edit.status).toBe(200);
  const driver = await addDriver(db, `driver.${name.toLowerCase().replace(/\W+/g, '.')}@nec-cargo.example`);
  await putOnRun(db, driver.id, trackingNumber);
  const photo = new Blob([jpegBytes()], { type: 'image/jpeg' });
  expect((await uploadProof(driver.cookie, trackingNumber, proofForm({ photo }))).status).toBe(200);
  const images = (await storedImageKeys()).filter((key) => !before.includes(key)).sort();
  expect(images).toHaveLength(2);

  const email = emailOf(name);
  const pickup = await bookPickupFor(name, email, nextPickupDay());
  expect(pickup.status).toBe(201);
  await db.execute({
    sql: `UPDATE pickups SET status = 'picked_up', tracking_number = ?, picked_up_at = ? WHERE id = ?`,
    args: [trackingNumber, new Date().toISOString(), pickup.body.data.id],
  });
  const quoteId = await requestQuote(name);
  await db.execute({
    sql: `INSERT INTO quote_offers (quote_request_id, amount_cents, currency, valid_until, expires_at, origin,
            destination, token_hash, sent_by_email, created_at, state, ended_at, accepted_by_email, tracking_number)
          VALUES (?, 1000, 'USD', '2030-01-01', '2030-01-02T00:00:00.000Z', 'Here', 'There', ?, 'staff@example.com',
            '2026-01-01T00:00:00.000Z', 'accepted', '2026-01-02T00:00:00.000Z', ?, ?)`,
    args: [quoteId, `hash-${trackingNumber}`, email, trackingNumber],
  });
  return { trackingNumber, images };
}

describe(`shipments go ${SHIPMENT_KEEP_YEARS} years after their last change`, () => {
  it('deletes an expired shipment with everything about it, its proof images included; later ones stay', async () => {
    const expired = await deliveredShipment('Ernest Expired');
    const recent = await deliveredShipment('Rita Recent');
    // Created long ago but changed since: the years count from the last change.
    const changed = await addShipment(await getDb());
    await setTimes(expired.trackingNumber, yearsAgo(SHIPMENT_KEEP_YEARS, 2), yearsAgo(SHIPMENT_KEEP_YEARS, 1));
    await setTimes(recent.trackingNumber, yearsAgo(SHIPMENT_KEEP_YEARS, -1), yearsAgo(SHIPMENT_KEEP_YEARS, -1));
    await setTimes(changed, yearsAgo(SHIPMENT_KEEP_YEARS + 1), yearsAgo(SHIPMENT_KEEP_YEARS, -1));
    const before = await traces(expired.trackingNumber);
    // What the test set up is there to be deleted: each table holds the shipment's rows.
    for (const table of ['shipments', 'activity_log', 'pickups', 'quote_offers', 'shipment_histories']) {
      expect(before[table], table).toBeGreaterThan(0);
    }
    expect(before.shipment_changes).toBeGreaterThan(0);
    expect(before.proofs).toBe(1);
    const requester = await count(
      `SELECT count(*) AS n FROM activity_log WHERE subject_type = 'quote_request' AND details LIKE '%Ernest Expired%'`,
      [],
    );
    expect(requester).toBe(1);

    expect(await purgeExpiredShipments(await getDb())).toBeGreaterThanOrEqual(1);
    expect(await queued(expired.images)).toEqual(expired.images);
    expect(await deleteQueuedBlobs(await getDb())).toBeGreaterThanOrEqual(2);
    expect(await queued(expired.images)).toEqual([]);

    expect(await traces(expired.trackingNumber)).toEqual(Object.fromEntries(Object.keys(before).map((k) => [k, 0])));
    const keys = await storedImageKeys();
    expect(keys.filter((key) => expired.images.includes(key))).toEqual([]);
    expect(keys.filter((key) => recent.images.includes(key))).toEqual(recent.images);
    // The quote request went with its shipment; the entries of what was done with it name no one.
    expect(
      await count(
        `SELECT count(*) AS n FROM activity_log WHERE details LIKE '%Ernest Expired%' OR actor_email LIKE 'ernest.expired%'`,
        [],
      ),
    ).toBe(0);

    expect((await traces(recent.trackingNumber)).shipments).toBe(1);
    expect((await traces(recent.trackingNumber)).proofs).toBe(1);
    expect((await traces(recent.trackingNumber)).pickups).toBe(1);
    expect((await traces(changed)).shipments).toBe(1);
  });

  it('deletes at most 200 a run, the oldest first, and the next run goes on', async () => {
    const db = await getDb();
    const numbers: string[] = [];
    for (let i = 0; i < 201; i++) numbers.push(await addShipment(db));
    // Each a day older than the one after it: the first is the oldest.
    await db.batch(
      numbers.map((number, i) => ({
        sql: 'UPDATE shipments SET created_at = ?, updated_at = ? WHERE tracking_number = ?',
        args: [yearsAgo(SHIPMENT_KEEP_YEARS + 1, 201 - i), yearsAgo(SHIPMENT_KEEP_YEARS + 1, 201 - i), number],
      })),
      'write',
    );
    const left = () =>
      db
        .execute({
          sql: `SELECT tracking_number FROM shipments WHERE tracking_number IN (${numbers.map(() => '?').join(', ')})`,
          args: numbers,
        })
        .then(({ rows }) => rows.map((row) => String(row.tracking_number)));

    expect(await purgeExpiredShipments(db)).toBe(200);
    expect(await left()).toEqual([numbers.at(-1)]);
    expect(await purgeExpiredShipments(db)).toBe(1);
    expect(await left()).toEqual([]);
    expect(await purgeExpiredShipments(db)).toBe(0);
  });

  it('two runs at once delete each shipment once, and neither fails', async () => {
    const db = await getDb();
    const numbers = [await addShipment(db), await addShipment(db), await addShipment(db)];
    for (const number of numbers)
      await setTimes(number, yearsAgo(SHIPMENT_KEEP_YEARS + 2), yearsAgo(SHIPMENT_KEEP_YEARS + 2));
    const runs = await Promise.all([purgeExpiredShipments(db), purgeExpiredShipments(db)]);
    expect(runs[0] + runs[1]).toBe(3);
  });

  it('deletes a quote request marked won by hand (no shipment names it) the same years after it was sent', async () => {
    const db = await getDb();
    const won = async (name: string, sent: string) => {
      const id = await requestQuote(name);
      const answer = await call(
        quoteRequest,
        apiRequest(`/api/quote-requests/${id}`, {
          method: 'PATCH',
          json: { status: 'won' },
          headers: withSession(cookie),
        }),
        { id: String(id) },
      );
      expect(answer.status).toBe(200);
      await db.execute({ sql: 'UPDATE quote_requests SET created_at = ? WHERE id = ?', args: [sent, id] });
      return id;
    };
    const old = await won('Olga Old', yearsAgo(SHIPMENT_KEEP_YEARS, 1));
    const young = await won('Yusuf Young', yearsAgo(SHIPMENT_KEEP_YEARS, -1));
    const kept = async () =>
      (
        await db.execute({ sql: 'SELECT id FROM quote_requests WHERE id IN (?, ?) ORDER BY id', args: [old, young] })
      ).rows.map((row) => Number(row.id));

    await purgeExpiredShipments(db);
    expect(await kept()).toEqual([young]);
    expect(
      await count(`SELECT count(*) AS n FROM activity_log WHERE subject_type = 'quote_request' AND subject_id = ?`, [
        String(old),
      ]),
    ).toBe(2);
    expect(await count(`SELECT count(*) AS n FROM activity_log WHERE details LIKE '%Olga Old%'`, [])).toBe(0);
  });

  it('a file the store fails to delete waits in the queue, and the next run deletes it', async () => {
    const db = await getDb();
    const expired = await deliveredShipment('Felix Failed');
    await setTimes(expired.trackingNumber, yearsAgo(SHIPMENT_KEEP_YEARS, 2), yearsAgo(SHIPMENT_KEEP_YEARS, 2));
    await purgeExpiredShipments(db);
    // A store nobody answers at: the deletes fail.
    expect(await withStoreAway(() => deleteQueuedBlobs(db))).toBe(0);
    expect(await queued(expired.images)).toEqual(expired.images);
    expect((await storedImageKeys()).filter((key) => expired.images.includes(key))).toEqual(expired.images);

    expect(await deleteQueuedBlobs(db)).toBeGreaterThanOrEqual(2);
    expect(await queued(expired.images)).toEqual([]);
    expect((await storedImageKeys()).filter((key) => expired.images.includes(key))).toEqual([]);
  });
});
