import { beforeAll, describe, expect, it } from 'vitest';
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
  it('answers none on the seeded database, whose places the gazetteer all knows', async () => {
    const { status, body } = await unmapped();
    expect(status).toBe(200);
    expect(body).toEqual({ status: 'success', data: { places: [], total: 0 } });
    expect(await usage()).toEqual(await counted());
  });

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
    const { body } = await unmapped();
    expect(body.data.total).toBe(body.data.places.length);
    const byName = Object.fromEntries(body.data.places.map((place: { name: string }) => [place.name, place]));
    expect(byName['Bamako, Mali']).toEqual({
      name: 'Bamako, Mali',
      city: 'Bamako',
      country: 'Mali',
      shipments: 20,
      drawn_at: null,
    });
    expect(byName['Lyon, France']).toMatchObject({ city: 'Lyon', country: 'France', shipments: 1, drawn_at: 'France' });
    expect(body.data.places.map((place: { name: string }) => place.name)).toEqual([
      'Bamako, Mali',
      'Accra, Ghana',
      'Dakar, Senegal',
      'Lyon, France',
    ]);

    // Added to the gazetteer, a place leaves the list; a country added draws its places there.
    expect((await addPlace({ city: 'Lyon', country: 'France', latitude: 45.764, longitude: 4.8357 })).status).toBe(201);
    expect((await addPlace({ country: 'Ghana', latitude: 7.9465, longitude: -1.0232 })).status).toBe(201);
    const after = await unmapped();
    expect(after.body.data.places.map((place: { name: string; drawn_at: string | null }) => place)).toEqual([
      expect.objectContaining({ name: 'Bamako, Mali', drawn_at: null }),
      expect.objectContaining({ name: 'Dakar, Senegal', drawn_at: null }),
      expect.objectContaining({ name: 'Accra, Ghana', drawn_at: 'Ghana' }),
    ]);
  });

  it(`answers the ${UNMAPPED_PLACES_SHOWN} most used, with how many there are in all`, async () => {
    const before = (await unmapped()).body.data.total;
    for (let i = 0; i < UNMAPPED_PLACES_SHOWN + 5; i++) {
      const place = `Village ${String(i).padStart(3, '0')}, Atlantis`;
      await insertCopy({ origin: place, destination: place, current_location: place });
    }
    const { body } = await unmapped();
    expect(body.data.total).toBe(before + UNMAPPED_PLACES_SHOWN + 5);
    expect(body.data.places).toHaveLength(UNMAPPED_PLACES_SHOWN);
    // Bamako's 20 shipments come first; the villages (one each) after Dakar by name, the last ones left out.
    expect(body.data.places[0].name).toBe('Bamako, Mali');
    expect(body.data.places.at(-1).name).toBe(
      `Village ${String(UNMAPPED_PLACES_SHOWN - 3).padStart(3, '0')}, Atlantis`,
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
