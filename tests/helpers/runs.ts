import type { Client } from '@libsql/client';
import type { Page } from '@playwright/test';
import runs from '../../netlify/functions/runs-list-assign';
import { setAdminPassword } from '../../netlify/lib/admin-users';
import { withSession } from './admin-session';
import { apiRequest, call } from './requests';

/**
 * Runs for the tests that need drivers with stops: a driver account made in a database (a test's, or the
 * served product's), and shipments put on a driver's run through the real API.
 */

export interface Driver {
  id: number;
  email: string;
  name: string;
  password: string;
}

/** An active driver who can sign in with the password returned; the email is unique to this call. */
export async function createDriver(db: Client, name = 'Dana Driver'): Promise<Driver> {
  const email = `driver-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@nec-cargo.example`;
  const password = 'a driver signs in with this';
  await setAdminPassword(db, email, password, 'driver');
  const { rows } = await db.execute({
    sql: 'UPDATE admin_users SET name = ? WHERE email = ? RETURNING id',
    args: [name, email],
  });
  return { id: Number(rows[0]?.id), email, name, password };
}

export interface Assignment {
  driver_id: number;
  run_date: string;
  tracking_numbers: string[];
}

/** `POST /api/runs` through its function, as the signed-in staff member of `cookie` (vitest). */
export const assignAs = (cookie: string, body: Assignment) =>
  call(runs, apiRequest('/api/runs', { json: body, headers: withSession(cookie) }));

/** `POST /api/runs` on the served product, with the session of a signed-in dispatcher's or admin's page (Playwright). */
export async function assignFromPage(page: Page, body: Assignment) {
  const answer = await page.request.post('/api/runs', { data: body });
  if (answer.status() !== 200) throw new Error(`assigning failed: ${answer.status()} ${await answer.text()}`);
  return (await answer.json()).data as { run: { id: number } };
}
