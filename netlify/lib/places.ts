import type { Client, InStatement, ResultSet } from '@libsql/client';
import { z } from 'zod';
import { PLACE_NOT_FOUND } from '@/lib/api/places';
import { formatPlace, parsePlace } from '@/lib/place';
import { type Place, type PlaceInput, placeSchema, type UnmappedPlace, unmappedPlaceSchema } from '@/lib/schemas/place';
import { type StaffUser, subjectActivity } from './activity';
import { HttpError } from './http';
import { decodeFirst, decodeRows } from './rows';

/**
 * The gazetteer (Settings > Places): the one writer of `gazetteer`. The public lookup
 * (./tracking.ts) reads it on every request, so a change shows on the route map at once.
 */

/**
 * The country of a place name, as an SQL expression on `place`: what follows its last comma, trimmed (the
 * whole name when it has none). The route map draws a place the gazetteer lacks at its country.
 */
export const countryOfPlaceSql = (place: string) =>
  `trim(substr(${place}, length(rtrim(${place}, replace(${place}, ',', ''))) + 1))`;

const SELECT = 'SELECT id, name, latitude, longitude, updated_at FROM gazetteer';

const rowSchema = placeSchema.pick({ id: true, name: true, latitude: true, longitude: true, updated_at: true });

const toPlace = (row: z.infer<typeof rowSchema>): Place => ({ ...row, ...parsePlace(row.name) });

const nameOf = ({ city, country }: PlaceInput): string => formatPlace(city, country) ?? country;

const coordinates = ({ latitude, longitude }: { latitude: number; longitude: number }) => `${latitude}, ${longitude}`;

/** The name is the place's identity for the map: another place with it (in any case) is a conflict. */
function nameTaken(input: PlaceInput, existing: string): HttpError {
  const message = `A place named “${existing}” exists already: edit that one instead.`;
  return new HttpError(409, message, { errors: { [input.city ? 'city' : 'country']: [message] } });
}

/** Every place, by country, the country itself before its cities. */
export async function listPlaces(db: Client): Promise<Place[]> {
  const { rows } = await db.execute(SELECT);
  return decodeRows(rowSchema, rows)
    .map(toPlace)
    .sort(
      (a, b) =>
        a.country.localeCompare(b.country) ||
        Number(a.city !== null) - Number(b.city !== null) ||
        (a.city ?? '').localeCompare(b.city ?? ''),
    );
}

const unmappedRowSchema = unmappedPlaceSchema
  .pick({ name: true, shipments: true, drawn_at: true })
  .extend({ total: z.number().int() });

/**
 * The place names shipments use that the gazetteer lacks (kept by migration 014's triggers, so no shipment
 * is read): those the map cannot draw first, then those drawn at their country, each the most used first.
 */
export async function listUnmappedPlaces(
  db: Client,
  limit: number,
): Promise<{ places: UnmappedPlace[]; total: number }> {
  const { rows } = await db.execute({
    sql: `SELECT u.name, u.shipments, c.name AS drawn_at, count(*) OVER () AS total
          FROM place_usage u LEFT JOIN gazetteer c ON c.name = ${countryOfPlaceSql('u.name')}
          WHERE NOT EXISTS (SELECT 1 FROM gazetteer g WHERE g.name = u.name)
          ORDER BY c.name IS NOT NULL, u.shipments DESC, u.name
          LIMIT ?`,
    args: [limit],
  });
  const decoded = decodeRows(unmappedRowSchema, rows);
  return {
    places: decoded.map(({ name, shipments, drawn_at }) => ({ name, ...parsePlace(name), shipments, drawn_at })),
    total: decoded[0]?.total ?? 0,
  };
}

/** The read of one place, for the staff call's first round trip (`placeFrom` decodes its answer). */
const placeById = (id: number): InStatement => ({ sql: `${SELECT} WHERE id = ?`, args: [id] });

/** The place `placeById` found, or null. */
export function placeFrom(result: ResultSet | undefined): Place | null {
  const row = decodeFirst(rowSchema, result?.rows ?? []);
  return row ? toPlace(row) : null;
}

/**
 * Adds a place. Of concurrent identical requests one inserts and the others answer 409, as a
 * second request for a name already taken does: the name is unique whatever its case.
 */
export async function createPlace(db: Client, input: PlaceInput, actor: StaffUser, now = new Date()): Promise<Place> {
  const name = nameOf(input);
  const at = now.toISOString();
  const [inserted, , selected] = await db.batch(
    [
      {
        sql: `INSERT INTO gazetteer (name, latitude, longitude, updated_at) VALUES (?, ?, ?, ?)
              ON CONFLICT (name) DO NOTHING`,
        args: [name, input.latitude, input.longitude, at],
      },
      subjectActivity(
        actor,
        'place_created',
        { type: 'place', id: name },
        `Place “${name}” added at ${coordinates(input)}`,
        at,
        { onlyIfChanged: true },
      ),
      { sql: `${SELECT} WHERE name = ?`, args: [name] },
    ],
    'write',
  );
  // biome-ignore lint/style/noNonNullAssertion: db.batch answers one result per statement; the place was inserted or already existed, so the SELECT finds it
  const place = toPlace(decodeFirst(rowSchema, selected!.rows)!);
  // biome-ignore lint/style/noNonNullAssertion: db.batch answers one result per statement, and this one is in the batch
  if (inserted!.rowsAffected === 0) throw nameTaken(input, place.name);
  return place;
}

/** Renames or moves a place (as read by `placeById`); the same values again change nothing. */
export async function updatePlace(
  db: Client,
  current: Place | null,
  input: PlaceInput,
  actor: StaffUser,
  now = new Date(),
): Promise<Place> {
  if (!current) throw new HttpError(404, PLACE_NOT_FOUND);
  const { id } = current;
  const name = nameOf(input);
  if (current.name === name && current.latitude === input.latitude && current.longitude === input.longitude) {
    return current;
  }
  const at = now.toISOString();
  const renamed = current.name === name ? '' : ` (was “${current.name}”)`;
  const [updated, , selected, other] = await db.batch(
    [
      {
        sql: `UPDATE gazetteer SET name = ?, latitude = ?, longitude = ?, updated_at = ?
              WHERE id = ? AND NOT EXISTS (SELECT 1 FROM gazetteer WHERE name = ? AND id <> ?)`,
        args: [name, input.latitude, input.longitude, at, id, name, id],
      },
      subjectActivity(
        actor,
        'place_updated',
        { type: 'place', id: name },
        `Place “${name}” set to ${coordinates(input)}${renamed}`,
        at,
        { onlyIfChanged: true },
      ),
      { sql: `${SELECT} WHERE id = ?`, args: [id] },
      { sql: 'SELECT name FROM gazetteer WHERE name = ? AND id <> ?', args: [name, id] },
    ],
    'write',
  );
  // biome-ignore lint/style/noNonNullAssertion: db.batch answers one result per statement, and this one is in the batch
  const row = decodeFirst(rowSchema, selected!.rows);
  if (!row) throw new HttpError(404, PLACE_NOT_FOUND);
  // biome-ignore lint/style/noNonNullAssertion: db.batch answers one result per statement, and this one is in the batch
  if (updated!.rowsAffected === 0) {
    // biome-ignore lint/style/noNonNullAssertion: db.batch answers one result per statement, and this one is in the batch
    const taken = decodeFirst(z.object({ name: z.string() }), other!.rows);
    if (taken) throw nameTaken(input, taken.name);
  }
  return toPlace(row);
}

/** Removes a place (as read by `placeById`); the map then places shipments there by their country, or not at all. */
export async function deletePlace(
  db: Client,
  current: Place | null,
  actor: StaffUser,
  now = new Date(),
): Promise<Place> {
  if (!current) throw new HttpError(404, PLACE_NOT_FOUND);
  const { id } = current;
  const at = now.toISOString();
  const [deleted] = await db.batch(
    [
      { sql: 'DELETE FROM gazetteer WHERE id = ?', args: [id] },
      // Only the request that removed it logs it, when two race.
      subjectActivity(
        actor,
        'place_deleted',
        { type: 'place', id: current.name },
        `Place “${current.name}” removed`,
        at,
        {
          onlyIfChanged: true,
        },
      ),
    ],
    'write',
  );
  // biome-ignore lint/style/noNonNullAssertion: db.batch answers one result per statement, and this one is in the batch
  if (deleted!.rowsAffected === 0) throw new HttpError(404, PLACE_NOT_FOUND);
  return current;
}

/** The read of the place a path names, for the staff call's first round trip. */
export function placeReads(id: number): InStatement[] {
  return [placeById(id)];
}
