import { resolve } from 'node:path';
import { migrate } from '../../db/migrate';
import { seed } from '../../db/seed';
import { getDb } from '../../netlify/lib/db';
import { getEnv, seedAdminCredentials } from '../../netlify/lib/env';
import { prepareDemoDriver } from './demo-driver';

/** DATABASE_URL with a relative file path made absolute, so every process opens the same file. */
export function absoluteDatabaseUrl(url = getEnv().DATABASE_URL): string {
  if (!url.startsWith('file:') || url.startsWith('file:/')) return url;
  return `file:${resolve(url.slice('file:'.length))}`;
}

/**
 * Migrates and seeds the configured database; returns the admin login to print. With the local default login
 * (no ADMIN_PASSWORD), a driver with the same password and a run of the day too: a database with a password of
 * its own gets no account with a known one.
 */
export async function prepareDatabase() {
  const db = await getDb();
  const applied = await migrate(db);
  const admin = seedAdminCredentials();
  const seeded = await seed(db, { adminEmail: admin.email, adminPassword: admin.password });
  if (admin.isDefault) await prepareDemoDriver(db, admin.email, admin.password);
  const sample = await db.execute(
    "SELECT tracking_number FROM shipments WHERE status = 'in_transit' ORDER BY created_at DESC LIMIT 1",
  );
  return { applied, seeded, admin, sampleTrackingNumber: sample.rows[0]?.tracking_number as string | undefined };
}
