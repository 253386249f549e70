import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { buildSeedShipments } from '../../db/seed';
import places from '../../netlify/functions/places-list-create';
import unmappedPlaces from '../../netlify/functions/places-unmapped';
import createShipment from '../../netlify/functions/shipments-create';
import updateLocation from '../../netlify/functions/shipments-update-location';
import { UNMAPPED_PLACES_SHOWN } from '../../src/lib/api/places';
import { signIn, withSession } from '../helpers/admin-session';
import { kept as keptIn, recount } from '../helpers/place-usage';
import { apiRequest, call } from '../helpers/requests';
import { useTestDatabase } from '../helpers/test-db';

const getDb = useTestDatabase({ seed: true });
const sample = buildSeedShipments()[0]!;
let cookie: string;
beforeAll(async () => {
  cookie = await signIn();
});

const unmapped = () => call(unmappedPlaces, apiRequest('/api/unmapped-places', { headers: withSession(cookie) }));
const addPlace = (json: unknown) => call(places, apiRequest('/api/places', { json, headers: withSession(cookie) }));
const addShipment = (origin: string, destination: string) =>
  call(
    createShipment,
    apiRequest('/api/shipments', {
      json: { customer: 'Redwood Furniture Co.', origin, destination, type: 'Pallet', status: 'Preparing' },
      headers: withSession(cookie),
    }),
  );
const moveTo = (trackingNumber: string, city: string, country: string) =>
  call(
    updateLocation,
    apiRequest(`/api/tracking/${trackingNumber}/update-location`, {
      method: 'PUT',
      json: {
        tracking_number: trackingNumber,
        current_city: city,
        current_country: country,
        arrival_time: '2026-12-01T10:00:00Z',
      },
      headers: withSession(cookie),
    }),
    { trackingNumber },
  );

/** The counts the triggers keep, and what a full recount of the shipments says they must be. */
const usage = async () => keptIn(await getDb());
const counted = async () => recount(await getDb());
/** A name as SQLite's NOCASE compares it (ASCII letters in any case). */
const nocase = (name: string) => name.replace(/[A-Z]/g, (letter) => letter.toLowerCase());
/** How many place names the shipments use (a full recount) that the gazetteer lacks. */
async function unmappedCount() {
  const { rows } = await (await getDb()).execute('SELECT name FROM gazetteer');
  const known = new Set(rows.map((row) => nocase(String(row.name))));
  return Object.keys(await counted()).filter((name) => !known.has(name)).length;
}

let copies = 0;
/** A copy of the sample shipment written straight to the table, with these places: its id. */
async function insertCopy(places: { origin: string; destination: string; current_location: string }) {
  const db = await getDb();
  const columns = (await db.execute('SELECT name FROM pragma_table_info(?)', ['shipments'])).rows
    .map((row) => String(row.name))
    .filter((name) => name !== 'id');
  const values = columns.map((name) => (name === 'tracking_number' || name in places ? `:${name}` : name));
  const number = `NECCOPY${String(++copies).padStart(5, '0')}`;
  const { lastInsertRowid } = await db.execute({
    sql: `INSERT INTO shipments (${columns.join(', ')}) SELECT ${values.join(', ')} FROM shipments WHERE tracking_number = :sample`,
    args: { ...places, tracking_number: number, sample: sample.tracking_number },
  });
  return Number(lastInsertRowid);
}

describe('places shipments use that the gazetteer lacks (GET /api/unmapped-places)', () => {
  it('keeps a count per place name as shipments are added, moved and removed, as a full recount finds', async () => {
    const db = await getDb();
    // One shipment naming a place twice (in two spellings) counts once for it.
    const first = await insertCopy({
      origin: 'Kumasi, Ghana',
      destination: ' kumasi, GHANA ',
      current_location: 'Accra, Ghana',
    });
    await insertCopy({ origin: 'Accra, Ghana', destination: 'Lyon, France', current_location: 'Accra, Ghana' });
    expect(await usage()).toEqual(await counted());
    expect((await usage())['kumasi, ghana']).toBe(1);
    expect((await usage())['accra, ghana']).toBe(2);

    // Moved: the old place loses it (and goes at none), the new one gains it.
    await db.execute({
      sql: "UPDATE shipments SET origin = 'Tamale, Ghana', destination = 'Tamale, Ghana' WHERE id = ?",
      args: [first],
    });
    expect(await usage()).toEqual(await counted());
    expect(await usage()).not.toHaveProperty(['kumasi, ghana']);

    // Through the API: 20 shipments added at once to one new place, then one moved on by a location update.
    const answers = await Promise.all(Array.from({ length: 20 }, () => addShipment('Bamako, Mali', 'Paris, France')));
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(201));
    expect((await usage())['bamako, mali']).toBe(20);
    expect((await moveTo(answers[0]!.body.data.tracking_number, 'Dakar', 'Senegal')).status).toBe(200);
    expect(await usage()).toEqual(await counted());

    await db.execute({ sql: 'DELETE FROM shipments WHERE id = ?', args: [first] });
    expect(await usage()).toEqual(await counted());
    expect(await usage()).not.toHaveProperty(['tamale, ghana']);
  });

  it('lists those the map cannot draw first, then those it draws at their country, the most used first', async () => {
    // Places of this test's own, in countries no other test uses: a country the gazetteer lacks (Mauritania,
    // Niger, Lesotho until added below) cannot be drawn; France is drawn at its centre.
    const used = { 'Nouakchott, Mauritania': 3, 'Maseru, Lesotho': 2, 'Niamey, Niger': 1, 'Nantes, France': 1 };
    const own = Object.keys(used);
    for (const [place, shipments] of Object.entries(used)) {
      for (let i = 0; i < shipments; i++) {
        await insertCopy({ origin: place, destination: place, current_location: 'Paris, France' });
      }
    }
    const ownIn = (places: Array<{ name: string }>) => places.filter((place) => own.includes(place.name));

    const { body } = await unmapped();
    expect(body.data.total).toBe(await unmappedCount());
    expect(body.data.places).toHaveLength(Math.min(body.data.total, UNMAPPED_PLACES_SHOWN));
    const byName = Object.fromEntries(body.data.places.map((place: { name: string }) => [place.name, place]));
    expect(byName['Nouakchott, Mauritania']).toEqual({
      name: 'Nouakchott, Mauritania',
      city: 'Nouakchott',
      country: 'Mauritania',
      shipments: 3,
      drawn_at: null,
    });
    expect(byName['Nantes, France']).toMatchObject({
      city: 'Nantes',
      country: 'France',
      shipments: 1,
      drawn_at: 'France',
    });
    expect(ownIn(body.data.places).map((place) => place.name)).toEqual(own);

    // Added to the gazetteer, a place leaves the list; a country added draws its places there.
    expect((await addPlace({ city: 'Nantes', country: 'France', latitude: 47.2184, longitude: -1.5536 })).status).toBe(
      201,
    );
    expect((await addPlace({ country: 'Lesotho', latitude: -29.61, longitude: 28.2336 })).status).toBe(201);
    const after = await unmapped();
    expect(ownIn(after.body.data.places)).toEqual([
      expect.objectContaining({ name: 'Nouakchott, Mauritania', drawn_at: null }),
      expect.objectContaining({ name: 'Niamey, Niger', drawn_at: null }),
      expect.objectContaining({ name: 'Maseru, Lesotho', drawn_at: 'Lesotho' }),
    ]);
    expect(after.body.data.total).toBe(await unmappedCount());
  });

  it(`answers the ${UNMAPPED_PLACES_SHOWN} most used, with how many there are in all`, async () => {
    const db = await getDb();
    const before = (await unmapped()).body.data;
    // Whatever other tests left that the map cannot draw comes first in the list: the most used of it first.
    const undrawn = before.places.filter((place: { drawn_at: string | null }) => place.drawn_at === null);
    const village = (i: number) => `Village ${String(i).padStart(3, '0')}, Atlantis`;
    // The test's own most used place: one shipment more than any the map cannot draw so far.
    const most = (undrawn[0]?.shipments ?? 0) + 1;
    const ids: number[] = [];
    // Put back what happens: a hundred places more would push other tests' places out of the list.
    onTestFinished(async () => {
      if (ids.length) await db.execute(`DELETE FROM shipments WHERE id IN (${ids.join(', ')})`);
    });
    const capital = 'Capital, Atlantis';
    for (let i = 0; i < most; i++) {
      ids.push(await insertCopy({ origin: capital, destination: capital, current_location: capital }));
    }
    for (let i = 0; i < UNMAPPED_PLACES_SHOWN + 5; i++) {
      ids.push(await insertCopy({ origin: village(i), destination: village(i), current_location: village(i) }));
    }
    const { body } = await unmapped();
    expect(body.data.total).toBe(before.total + 1 + UNMAPPED_PLACES_SHOWN + 5);
    expect(body.data.places).toHaveLength(UNMAPPED_PLACES_SHOWN);
    // The capital's shipments come first; then what was there before and is used more than once or named
    // before the villages (names compare in any case); then the villages (one each) by name, the last ones left out.
    expect(body.data.places[0]).toMatchObject({ name: capital, shipments: most, drawn_at: null });
    const ahead = undrawn
      .filter(
        (place: { name: string; shipments: number }) => place.shipments > 1 || nocase(place.name) < nocase(village(0)),
      )
      .map((place: { name: string }) => place.name);
    const names = body.data.places.map((place: { name: string }) => place.name);
    expect(names.slice(1, 1 + ahead.length)).toEqual(ahead);
    expect(names.slice(1 + ahead.length)).toEqual(
      Array.from({ length: UNMAPPED_PLACES_SHOWN - 1 - ahead.length }, (_, i) => village(i)),
    );
    expect(await usage()).toEqual(await counted());
  });

  it('refuses other methods with 405', async () => {
    const { status, headers } = await call(
      unmappedPlaces,
      apiRequest('/api/unmapped-places', { method: 'POST', json: {}, headers: withSession(cookie) }),
    );
    expect(status).toBe(405);
    expect(headers.get('allow')).toBe('GET, HEAD');
  });
});
