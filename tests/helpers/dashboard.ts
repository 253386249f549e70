import type { Client } from '@libsql/client';
import { seed } from '../../db/seed';
import { TEST_ADMIN } from './test-db';

/** Settings > General's time zone, as saved at `at` (the company's day). */
export async function setZone(db: Client, zone: string, at: number) {
  await db.execute({
    sql: `INSERT INTO settings (key, value, updated_at) VALUES ('company', json_object('time_zone', ?1), ?2)
          ON CONFLICT (key) DO UPDATE SET value = json_set(value, '$.time_zone', ?1)`,
    args: [zone, new Date(at).toISOString()],
  });
}

/** The seed as it stood at `now`, its figures reckoned in UTC days (the dashboard tests' reference). */
export async function seedInUtcAt(db: Client, now: number) {
  await seed(db, { adminEmail: TEST_ADMIN.email, adminPassword: TEST_ADMIN.password, now });
  await setZone(db, 'UTC', now);
}
