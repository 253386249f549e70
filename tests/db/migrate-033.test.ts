import type { Client } from '@libsql/client';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../db/migrate';
import { seed } from '../../db/seed';
import { migrateBefore } from '../helpers/migrations';
import { useTestDatabase } from '../helpers/test-db';

/**
 * Migration 033 works out the short index's text another way: every shipment's text is the one the index
 * already holds, and new and changed shipments get the text the index's rule gives.
 */

const getDb = useTestDatabase({ migrate: false });

const RS = '\u001e';
const GS = '\u001d';

/** The index's rule, written apart from the SQL: each character doubled and followed by GS; RS kept. */
const encode = (values: string[]) =>
  `${[...values.join(RS)].map((character) => (character === RS ? RS : `${character}${character}${GS}`)).join('')}${RS}`;

const VALUES = `id_text, tracking_number, origin, current_location, destination, customer_name, sender_name,
                recipient_name, sender_email, recipient_email, sender_phone, recipient_phone, reference`;

/** Each shipment's short-index text, as the view works it out. */
async function texts(db: Client): Promise<Map<number, string>> {
  const { rows } = await db.execute('SELECT id, grams FROM shipments_short_text ORDER BY id');
  return new Map(rows.map((row) => [Number(row.id), String(row.grams)]));
}

/** Each shipment's short-index text, by the rule above from the values the search indexes. */
async function encoded(db: Client): Promise<Map<number, string>> {
  const { rows } = await db.execute(`SELECT id, ${VALUES} FROM shipments_search_text ORDER BY id`);
  return new Map(
    rows.map((row) => [Number(row.id), encode(VALUES.split(',').map((column) => String(row[column.trim()])))]),
  );
}

const insert = (number: string, recipient: string, reference: string | null) => ({
  sql: `INSERT INTO shipments (tracking_number, status, sender_name, recipient_name, recipient_address, origin,
                               destination, reference, created_at, updated_at)
        VALUES (?, 'processing', 'Åsa Öberg', ?, 'Tromsø', 'Oslo, Norway', 'Tromsø, Norway', ?,
                '2026-11-27T00:00:00.000Z', '2026-11-27T00:00:00.000Z')`,
  args: [number, recipient, reference],
});

describe('migration 033 (the short text over generate_series)', () => {
  it('gives every shipment the text it had, and new and changed ones the text of the rule', async () => {
    const db = await getDb();
    await migrateBefore(db, '033');
    await seed(db, { adminEmail: 'staff@nec-cargo.example', adminPassword: 'correct horse battery staple' });
    await db.execute(insert('NECMIG033001', 'Zoë 🚚 Ångström', 'PO-77/ß'));
    const before = await texts(db);

    expect(await migrate(db)).toContain('033-short-text-series.sql');
    expect(await texts(db)).toEqual(before);
    expect(await texts(db)).toEqual(await encoded(db));

    await db.execute(insert('NECMIG033002', '李小龍 ✓', null));
    await db.execute("UPDATE shipments SET current_location = 'Kraków, Poland' WHERE tracking_number = 'NECMIG033001'");
    expect(await texts(db)).toEqual(await encoded(db));
    // The index follows: a pair of the new recipient's name finds it, as the trigram `x GS y`.
    const { rows } = await db.execute({
      sql: 'SELECT rowid AS id FROM shipments_short WHERE shipments_short MATCH ?',
      args: [`"小${GS}龍"`],
    });
    const { rows: added } = await db.execute("SELECT id FROM shipments WHERE tracking_number = 'NECMIG033002'");
    expect(rows.map((row) => Number(row.id))).toEqual([Number(added[0]!.id)]);
  });
});
