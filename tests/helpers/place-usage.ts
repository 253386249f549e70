import type { Client } from '@libsql/client';

/**
 * What migration 014's counts must be: every shipment's places read afresh, as SQLite's trim (spaces)
 * and NOCASE (ASCII letters) see them, each place once a shipment. Keys are lower case.
 */
export async function recount(db: Client): Promise<Record<string, number>> {
  const { rows } = await db.execute('SELECT origin, destination, current_location FROM shipments');
  const counts: Record<string, number> = {};
  for (const row of rows) {
    const names = new Set(
      [row.origin, row.destination, row.current_location]
        .map((place) => String(place ?? '').replace(/^ +| +$/g, ''))
        .filter(Boolean)
        .map((place) => place.replace(/[A-Z]/g, (letter) => letter.toLowerCase())),
    );
    for (const name of names) counts[name] = (counts[name] ?? 0) + 1;
  }
  return counts;
}

/** The counts the triggers keep, by lower-case name. */
export async function kept(db: Client): Promise<Record<string, number>> {
  const { rows } = await db.execute('SELECT name, shipments FROM place_usage');
  return Object.fromEntries(rows.map((row) => [String(row.name).toLowerCase(), Number(row.shipments)]));
}
