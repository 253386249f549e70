import { describe, expect, it } from 'vitest';
import { migrate } from '../../db/migrate';
import { seed } from '../../db/seed';
import { migrateBefore } from '../helpers/migrations';
import { useTestDatabase } from '../helpers/test-db';

/**
 * Migration 032 on a database with shipments, one of them imported with its order reference: both search
 * indexes hold the reference and keep every shipment (the short one as it was for shipments without a
 * reference), and follow new and changed references.
 */

const getDb = useTestDatabase({ migrate: false });

describe('migration 032 (search by reference)', () => {
  it('indexes the references already there, keeps every shipment, and follows inserts and updates', async () => {
    const db = await getDb();
    await migrateBefore(db, '032');
    await seed(db, { adminEmail: 'staff@nec-cargo.example', adminPassword: 'correct horse battery staple' });
    const { rows } = await db.execute('SELECT id, tracking_number FROM shipments ORDER BY id LIMIT 2');
    const [imported, later] = rows.map((row) => ({ id: Number(row.id), number: String(row.tracking_number) }));
    await db.execute({ sql: "UPDATE shipments SET reference = 'ORD#~5521' WHERE id = ?", args: [imported!.id] });

    expect(await migrate(db)).toContain('032-search-references.sql');
    /** The shipments an index holds the FTS5 phrase for. */
    const hits = async (table: string, phrase: string) => {
      const { rows: matches } = await db.execute({
        sql: `SELECT rowid AS id FROM ${table} WHERE ${table} MATCH ? ORDER BY rowid`,
        args: [phrase],
      });
      return matches.map((match) => Number(match.id));
    };
    // A term of 3+ characters in the trigram index; a pair x y in the short one, as the trigram `x GS y`.
    const found = (term: string) => hits('shipments_search', `"${term}"`);
    const shortPair = (pair: string) => hits('shipments_short', `"${pair[0]}\u001d${pair[1]}"`);
    expect(await found('ord#~5521')).toEqual([imported!.id]);
    expect(await shortPair('#~')).toEqual([imported!.id]);
    // Every shipment is still in both indexes, by what they held before.
    const count = async (sql: string) => Number((await db.execute(sql)).rows[0]!.n);
    const shipments = await count('SELECT count(*) AS n FROM shipments');
    expect(await count('SELECT count(*) AS n FROM shipments_search')).toBe(shipments);
    expect(await count('SELECT count(*) AS n FROM shipments_short')).toBe(shipments);
    expect(await found(imported!.number)).toEqual([imported!.id]);
    // A shipment without a reference keeps its short entry, found by a pair of its number as before.
    expect(await shortPair(later!.number.slice(4, 6).toLowerCase())).toContain(later!.id);

    await db.execute({ sql: "UPDATE shipments SET reference = 'ORD^%9930' WHERE id = ?", args: [later!.id] });
    expect(await found('ord^%9930')).toEqual([later!.id]);
    expect(await shortPair('^%')).toEqual([later!.id]);
    await db.execute({ sql: 'UPDATE shipments SET reference = NULL WHERE id = ?', args: [imported!.id] });
    expect(await found('ord#~5521')).toEqual([]);
    await db.execute(`INSERT INTO shipments (tracking_number, status, sender_name, recipient_name, recipient_address,
                        origin, destination, reference, created_at, updated_at)
                      VALUES ('NECMIG032001', 'processing', 'A', 'B', 'Paris, France', 'London', 'Paris, France',
                              'ORD|@7Q', '2026-11-26T00:00:00.000Z', '2026-11-26T00:00:00.000Z')`);
    const { rows: inserted } = await db.execute("SELECT id FROM shipments WHERE tracking_number = 'NECMIG032001'");
    expect(await found('ord|@7q')).toEqual([Number(inserted[0]!.id)]);
    expect(await shortPair('|@')).toEqual([Number(inserted[0]!.id)]);
  });
});
