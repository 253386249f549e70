import { describe, expect, it } from 'vitest';
import { migrate } from '../../db/migrate';
import { seed } from '../../db/seed';
import { migrateBefore } from '../helpers/migrations';
import { kept, recount } from '../helpers/place-usage';
import { useTestDatabase } from '../helpers/test-db';

/** Migration 014 on a database that has shipments already: the counts start from what they name. */

const getDb = useTestDatabase({ migrate: false });

describe('migration 014 (place usage)', () => {
  it('counts the places of the shipments already there, each once a shipment, whatever its case', async () => {
    const db = await getDb();
    await migrateBefore(db, '014');
    await seed(db, { adminEmail: 'staff@nec-cargo.example', adminPassword: 'correct horse battery staple' });
    await db.execute(
      `UPDATE shipments SET origin = 'Kumasi, Ghana', destination = ' KUMASI, ghana ', current_location = 'Accra, Ghana'
       WHERE id = (SELECT min(id) FROM shipments)`,
    );

    expect((await migrate(db))[0]).toBe('014-place-usage.sql');
    const counts = await kept(db);
    expect(counts).toEqual(await recount(db));
    expect(counts['kumasi, ghana']).toBe(1);
    expect(Object.keys(counts).length).toBeGreaterThan(10);
  });
});
