import { beforeAll, describe, expect, it } from 'vitest';
import { buildSeedShipments } from '../../db/seed';
import places from '../../netlify/functions/places-list-create';
import place from '../../netlify/functions/places-update-delete';
import createShipment from '../../netlify/functions/shipments-create';
import tracking from '../../netlify/functions/tracking-lookup';
import { createPlace } from '../../netlify/lib/places';
import { signIn, withSession } from '../helpers/admin-session';
import { notBusy, onOwnConnection, untilNotBusy } from '../helpers/busy';
import { apiRequest, call } from '../helpers/requests';
import { TEST_ADMIN, useTestDatabase } from '../helpers/test-db';

const getDb = useTestDatabase({ seed: true });
const sample = buildSeedShipments()[0]!;
let cookie: string;
beforeAll(async () => {
  cookie = await signIn();
});

const list = () => call(places, apiRequest('/api/places', { headers: withSession(cookie) }));
const create = (json: unknown) => call(places, apiRequest('/api/places', { json, headers: withSession(cookie) }));
const update = (id: number | string, json: unknown) =>
  call(place, apiRequest(`/api/places/${id}`, { method: 'PUT', json, headers: withSession(cookie) }), {
    placeId: String(id),
  });
const remove = (id: number | string) =>
  call(place, apiRequest(`/api/places/${id}`, { method: 'DELETE', json: {}, headers: withSession(cookie) }), {
    placeId: String(id),
  });
/** The public lookup, from an address of its own (the lookup is rate-limited per address). */
const lookup = (number: string) =>
  call(tracking, apiRequest(`/api/tracking/${number}`, { headers: { 'x-nf-client-connection-ip': '198.51.100.77' } }), {
    trackingNumber: number,
  });

/** The test admin, as the place functions' actor. */
async function staff() {
  const { rows } = await (await getDb()).execute({
    sql: 'SELECT id FROM admin_users WHERE email = ?',
    args: [TEST_ADMIN.email],
  });
  return { id: Number(rows[0]!.id), email: TEST_ADMIN.email, role: 'admin' as const, address: '192.0.2.1' };
}

/** A place of the calling test's own, added a minute ago (so a change now is later). */
async function ownPlace(input: { city: string; country: string; latitude: number; longitude: number }) {
  return createPlace(await getDb(), input, await staff(), new Date(Date.now() - 60_000));
}

/** A shipment of the calling test's own between two places, by the add dialog: its tracking number. */
async function shipmentBetween(origin: string, destination: string) {
  const { status, body } = await call(
    createShipment,
    apiRequest('/api/shipments', {
      json: { customer: 'CUS-1001', origin, destination, status: 'processing' },
      headers: withSession(cookie),
    }),
  );
  expect(status).toBe(201);
  return body.data.tracking_number as string;
}

async function counts() {
  const { rows } = await (await getDb()).execute(
    `SELECT (SELECT count(*) FROM gazetteer) AS places, (SELECT max(updated_at) FROM gazetteer) AS changed,
            (SELECT count(*) FROM activity_log WHERE subject_type = 'place') AS logged`,
  );
  return rows[0];
}

describe('the gazetteer (Settings > Places)', () => {
  it('lists the seeded places by country, each country before its cities, with the city and country apart', async () => {
    const { status, body } = await list();
    expect(status).toBe(200);
    const names = body.data.map((entry: { name: string }) => entry.name);
    expect(names).toContain(sample.origin);
    expect(names.indexOf('Australia')).toBeLessThan(names.indexOf('Melbourne, Australia'));
    expect(names.indexOf('Melbourne, Australia')).toBeLessThan(names.indexOf('Sydney, Australia'));
    expect(names.indexOf('Sydney, Australia')).toBeLessThan(names.indexOf('Brazil'));
    expect(body.data.find((entry: { name: string }) => entry.name === 'London, United Kingdom')).toMatchObject({
      id: expect.any(Number),
      city: 'London',
      country: 'United Kingdom',
      latitude: 51.5074,
      longitude: -0.1278,
    });
    expect(body.data.find((entry: { name: string }) => entry.name === 'Japan')).toMatchObject({
      city: null,
      country: 'Japan',
    });
  });

  it('adds a city and a country alone, from numbers or numeric text, and logs who did it', async () => {
    const city = await create({ city: ' Lyon ', country: 'France', latitude: '45.764', longitude: '4.8357' });
    expect(city.status).toBe(201);
    expect(city.body.data).toMatchObject({
      name: 'Lyon, France',
      city: 'Lyon',
      country: 'France',
      latitude: 45.764,
      longitude: 4.8357,
    });
    const country = await create({ city: '', country: 'Norway', latitude: 60.472, longitude: 8.4689 });
    expect(country.body.data).toMatchObject({ name: 'Norway', city: null, country: 'Norway' });

    const { rows } = await (await getDb()).execute(
      `SELECT actor_email, action, subject_id, details FROM activity_log
       WHERE subject_type = 'place' AND subject_id IN ('Lyon, France', 'Norway') ORDER BY id`,
    );
    expect(rows.map((row) => ({ ...row }))).toEqual([
      {
        actor_email: TEST_ADMIN.email,
        action: 'place_created',
        subject_id: 'Lyon, France',
        details: 'Place “Lyon, France” added at 45.764, 4.8357',
      },
      {
        actor_email: TEST_ADMIN.email,
        action: 'place_created',
        subject_id: 'Norway',
        details: 'Place “Norway” added at 60.472, 8.4689',
      },
    ]);
  });

  it('refuses bad input with 422 naming each field, and stores nothing', async () => {
    const before = await counts();
    const { status, body } = await create({
      city: 'x'.repeat(121),
      country: 'Korea, Republic of',
      latitude: 91,
      longitude: 'east',
    });
    expect(status).toBe(422);
    expect(body.errors).toEqual({
      city: ['Must be at most 120 characters'],
      country: ['Must not contain a comma (the country is what follows the last comma of a place)'],
      latitude: ['Must be between -90 and 90'],
      longitude: ['Must be a number'],
    });
    const missing = await create({ city: 'Nowhere' });
    expect(missing.body.errors).toEqual({
      country: ['Country is required'],
      latitude: ['Latitude is required'],
      longitude: ['Longitude is required'],
    });
    const more = await create({ city: 'A\u0000B', country: '  ', latitude: -90.5, longitude: 180.01 });
    expect(more.body.errors).toEqual({
      city: ['Must not contain control characters'],
      country: ['Country is required'],
      latitude: ['Must be between -90 and 90'],
      longitude: ['Must be between -180 and 180'],
    });
    const odd = await create({ country: 'Chile', latitude: null, longitude: [] });
    expect(odd.status).toBe(422);
    expect(Object.keys(odd.body.errors).sort()).toEqual(['latitude', 'longitude']);
    expect(await counts()).toEqual(before);
  });

  it('answers 409 for a name in use, whatever its case, naming the field and keeping the first', async () => {
    const again = await create({ city: 'LONDON', country: 'united kingdom', latitude: 0, longitude: 0 });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('A place named “London, United Kingdom” exists already: edit that one instead.');
    expect(again.body.errors.city).toEqual([again.body.message]);
    const country = await create({ country: 'japan', latitude: 0, longitude: 0 });
    expect(country.status).toBe(409);
    expect(Object.keys(country.body.errors)).toEqual(['country']);
    const { rows } = await (await getDb()).execute(
      "SELECT latitude FROM gazetteer WHERE name = 'London, United Kingdom'",
    );
    expect(rows[0]!.latitude).toBe(51.5074);
  });

  it('leaves one row after 20 identical concurrent creations (one connection, and one connection each)', async () => {
    const body = { city: 'Porto', country: 'Portugal', latitude: 41.1579, longitude: -8.6291 };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => untilNotBusy(async () => notBusy(await create(body)))),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, ...Array(19).fill(409)]);

    // As separate function instances would: each with its own connection to the same database.
    const actor = await staff();
    const settled = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        onOwnConnection((client) =>
          createPlace(client, { city: 'Faro', country: 'Portugal', latitude: 37.0194, longitude: -7.9322 }, actor),
        ),
      ),
    );
    expect(settled.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    for (const result of settled) {
      if (result.status === 'rejected') expect(result.reason).toMatchObject({ status: 409 });
    }
    const db = await getDb();
    const { rows } = await db.execute(
      `SELECT (SELECT count(*) FROM gazetteer WHERE name IN ('Porto, Portugal', 'Faro, Portugal')) AS places,
              (SELECT count(*) FROM activity_log WHERE action = 'place_created'
                 AND subject_id IN ('Porto, Portugal', 'Faro, Portugal')) AS logged`,
    );
    expect({ ...rows[0] }).toEqual({ places: 2, logged: 2 });
  });

  it('changes coordinates and names; the public route map uses them at the next lookup', async () => {
    const [city, country] = ['Kyoto', 'Japan'];
    const origin = await ownPlace({ city, country, latitude: 35.0116, longitude: 135.7681 });
    const number = await shipmentBetween(origin.name, 'London, United Kingdom');
    const moved = await update(origin.id, { city, country, latitude: 10.5, longitude: -20.25 });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ id: origin.id, name: origin.name, latitude: 10.5, longitude: -20.25 });
    expect(moved.body.data.updated_at > origin.updated_at).toBe(true);

    const seen = await lookup(number);
    expect(seen.body.data.route.origin).toEqual({ name: origin.name, latitude: 10.5, longitude: -20.25 });

    // Renamed away from the shipment's place: the map falls back to the origin's country.
    const renamed = await update(origin.id, { city: `${city} Port`, country, latitude: 10.5, longitude: -20.25 });
    expect(renamed.body.data.name).toBe(`${city} Port, ${country}`);
    const fallback = await lookup(number);
    expect(fallback.body.data.route.origin.name).toBe(country);

    // Each entry names the place as it became.
    const logged = await (await getDb()).execute({
      sql: "SELECT details FROM activity_log WHERE action = 'place_updated' AND subject_id IN (?, ?) ORDER BY id",
      args: [origin.name, `${city} Port, ${country}`],
    });
    expect(logged.rows.map((row) => row.details)).toEqual([
      `Place “${origin.name}” set to 10.5, -20.25`,
      `Place “${city} Port, ${country}” set to 10.5, -20.25 (was “${origin.name}”)`,
    ]);
    // The same values again change nothing.
    const before = await counts();
    expect((await update(origin.id, { city: `${city} Port`, country, latitude: 10.5, longitude: -20.25 })).status).toBe(
      200,
    );
    expect(await counts()).toEqual(before);
  });

  it('refuses to rename a place to another place’s name (409), and answers 404 for no such place', async () => {
    const bilbao = await ownPlace({ city: 'Bilbao', country: 'Spain', latitude: 43.263, longitude: -2.935 });
    const clash = await update(bilbao.id, { city: 'madrid', country: 'Spain', latitude: 1, longitude: 1 });
    expect(clash.status).toBe(409);
    expect(clash.body.errors.city).toEqual(['A place named “Madrid, Spain” exists already: edit that one instead.']);
    // Its own name in another case is no clash.
    const recased = await update(bilbao.id, { city: 'BILBAO', country: 'Spain', latitude: 43.263, longitude: -2.935 });
    expect(recased.body.data.name).toBe('BILBAO, Spain');

    const body422 = await update(bilbao.id, { country: 'Spain', latitude: 100, longitude: 0 });
    expect(body422.status).toBe(422);
    expect(Object.keys(body422.body.errors)).toEqual(['latitude']);
    for (const id of ['999999', 'abc', '1.5', '-1']) {
      expect((await update(id, { country: 'France', latitude: 0, longitude: 0 })).status).toBe(404);
      expect((await remove(id)).status).toBe(404);
    }
  });

  it('removes a place once: the map then uses the country, and a second removal answers 404', async () => {
    const destination = await ownPlace({
      city: 'Utrecht',
      country: 'Netherlands',
      latitude: 52.0907,
      longitude: 5.1214,
    });
    const number = await shipmentBetween('London, United Kingdom', destination.name);
    expect((await lookup(number)).body.data.route.destination.name).toBe(destination.name);
    const removed = await remove(destination.id);
    expect(removed.status).toBe(200);
    expect(removed.body.data.name).toBe(destination.name);
    expect((await remove(destination.id)).status).toBe(404);
    const seen = await lookup(number);
    expect(seen.body.data.route.destination.name).toBe('Netherlands');
    const { rows } = await (await getDb()).execute({
      sql: "SELECT count(*) AS n FROM activity_log WHERE action = 'place_deleted' AND subject_id = ?",
      args: [destination.name],
    });
    expect(rows[0]!.n).toBe(1);
  });
});
