import type { Client, InStatement } from '@libsql/client';
import { beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../db/migrate';
import { buildSeedShipments } from '../../db/seed';
import { SEED_CITIES, SEED_CUSTOMERS } from '../../db/seed-data';
import { seedCustomerStatement } from '../../netlify/lib/customers';
import { findShipment } from '../../netlify/lib/shipment-read';
import { findPublicTracking } from '../../netlify/lib/tracking';
import { migrateBefore } from '../helpers/migrations';
import { useTestDatabase } from '../helpers/test-db';

/**
 * Migration 008 on a copy of the demo data as the code before it stored it: generated history notes
 * ("Shipment created at ...", "Location updated: ...; expected arrival ...", "Status changed to ..."),
 * one admin_notes text per shipment and arrival times as typed.
 */

const getDb = useTestDatabase({ migrate: false });
const seeded = buildSeedShipments(Date.parse('2026-11-20T12:00:00Z'));
let db: Client;

/** The old generated notes each shipment gets, beside the seed's staff-typed ones. */
const generated = (index: number) => {
  const { origin, destination } = seeded[index]!;
  return [
    { notes: `Shipment created at ${origin}`, status: 'processing' },
    { notes: 'Location updated: Spain; expected arrival 2026-11-24T09:30:00.000Z', status: 'in_transit' },
    { notes: `Location updated: ${destination}; expected arrival 2026-11-30T08:00`, status: 'in_transit' },
    { notes: 'Status changed to On Hold', status: 'on_hold' },
  ];
};

beforeAll(async () => {
  db = await getDb();
  await migrateBefore(db, '008');

  const statements: InStatement[] = SEED_CUSTOMERS.map(seedCustomerStatement);
  seeded.forEach(({ histories, note, ...shipment }, index) => {
    const columns = { ...shipment, admin_notes: note, updated_at: shipment.created_at };
    // The old location form stored whatever was typed: a date, a local date-time, or an instant.
    columns.arrival_time = ['2026-12-01', '2026-12-01T09:30', '2026-12-01T09:30:00+02:00'][index % 3]!;
    const names = Object.keys(columns);
    statements.push({
      sql: `INSERT INTO shipments (${names.join(', ')}) VALUES (${names.map(() => '?').join(', ')})`,
      args: Object.values(columns).map((value) => value ?? null),
    });
    for (const entry of [...histories, ...generated(index)]) {
      statements.push({
        sql: `INSERT INTO shipment_histories (shipment_id, status, notes, created_at)
              SELECT id, ?, ?, ? FROM shipments WHERE tracking_number = ?`,
        args: [entry.status, entry.notes, shipment.created_at, shipment.tracking_number],
      });
    }
  });
  await db.batch(statements, 'write');
  expect(await migrate(db)).toContain('008-tracking-data.sql');
});

const entriesOf = async (trackingNumber: string) =>
  (
    await db.execute({
      sql: `SELECT h.notes, h.location_city, h.location_country, h.expected_arrival FROM shipment_histories h
            JOIN shipments s ON s.id = h.shipment_id WHERE s.tracking_number = ? ORDER BY h.id`,
      args: [trackingNumber],
    })
  ).rows.map((row) => ({ ...row }));

describe('migration 008 on the demo data with generated notes', () => {
  it('moves every generated note into the place and expected-arrival columns', async () => {
    for (const [index, shipment] of seeded.entries()) {
      const entries = await entriesOf(shipment.tracking_number);
      const [originCity, originCountry] = shipment.origin.split(', ');
      const [city, country] = shipment.destination.split(', ');
      expect(entries.slice(-4)).toEqual([
        { notes: null, location_city: originCity, location_country: originCountry, expected_arrival: null },
        {
          notes: null,
          location_city: null,
          location_country: 'Spain',
          expected_arrival: '2026-11-24T09:30:00.000Z',
        },
        { notes: null, location_city: city, location_country: country, expected_arrival: '2026-11-30T08:00:00.000Z' },
        { notes: null, location_city: null, location_country: null, expected_arrival: null },
      ]);
      // What staff typed stays as it was.
      expect(entries.slice(0, -4).map((entry) => entry.notes)).toEqual(
        seeded[index]!.histories.map((history) => history.notes),
      );
    }
    const left = await db.execute(
      "SELECT count(*) AS n FROM shipment_histories WHERE notes LIKE 'Location updated:%' OR notes LIKE 'Shipment created at %' OR notes LIKE 'Status changed to %'",
    );
    expect(left.rows[0]!.n).toBe(0);
  });

  it('stores next arrival as an instant in UTC', async () => {
    const { rows } = await db.execute('SELECT arrival_time FROM shipments ORDER BY id LIMIT 3');
    expect(rows.map((row) => row.arrival_time).sort()).toEqual([
      '2026-12-01T00:00:00.000Z',
      '2026-12-01T07:30:00.000Z',
      '2026-12-01T09:30:00.000Z',
    ]);
  });

  it('turns each admin_notes text into the first staff note and drops the column', async () => {
    const { rows } = await db.execute(
      'SELECT s.tracking_number, n.text, n.author_email, n.created_at FROM shipment_notes n JOIN shipments s ON s.id = n.shipment_id',
    );
    const withNotes = seeded.filter((shipment) => shipment.note);
    expect(withNotes.length).toBeGreaterThan(0);
    expect(rows.map((row) => [row.tracking_number, row.text, row.author_email]).sort()).toEqual(
      withNotes.map((shipment) => [shipment.tracking_number, shipment.note, null]).sort(),
    );
    const columns = await db.execute("SELECT name FROM pragma_table_info('shipments')");
    expect(columns.rows.map((row) => row.name)).not.toContain('admin_notes');
  });

  it('fills the gazetteer for every demo city and its country', async () => {
    const { rows } = await db.execute('SELECT name FROM gazetteer');
    const names = rows.map((row) => row.name);
    for (const city of SEED_CITIES) {
      expect(names).toContain(city);
      expect(names).toContain(city.split(', ')[1]);
    }
  });

  it('leaves rows the application reads: the staff read and the public lookup decode them', async () => {
    const shipment = seeded.find((candidate) => candidate.note)!;
    const staff = await findShipment(db, shipment.tracking_number);
    expect(staff!.notes.map((note) => note.text)).toEqual([shipment.note]);
    const visitor = await findPublicTracking(db, shipment.tracking_number);
    expect(visitor!.histories.at(-3)).toMatchObject({ location_country: 'Spain', notes: null });
    expect(visitor!.route.destination?.name).toBe(shipment.destination);
  });
});
