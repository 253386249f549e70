import { randomBytes } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { z } from 'zod';
import { adminAccountStatement } from '../../../netlify/lib/admin-users';
import { openSession } from '../../../netlify/lib/sessions';
import { ROLES } from '../../../src/lib/roles';
import { openE2eDatabase } from '../../helpers/e2e-db';
import { E2E_BASE_URL } from '../../helpers/e2e-server';

const staffRow = z.object({ id: z.number().int(), email: z.string(), role: z.enum(ROLES) });

/**
 * The admin account of this worker's tests. A staff member keeps 10 sessions at most and a new one ends the
 * oldest: sharing one account, the other worker's sign-ins could end a long test's session under it. A worker runs
 * one test at a time, so its own sessions never do. Made once per worker; its password is never used.
 */
let workerAdmin: Promise<string> | undefined;

function ownAdmin(): Promise<string> {
  workerAdmin ??= (async () => {
    const email = `e2e-admin-${test.info().parallelIndex}@nec-cargo.example`;
    const db = openE2eDatabase();
    try {
      await db.execute(await adminAccountStatement(email, randomBytes(24).toString('base64url')));
    } finally {
      db.close();
    }
    return email;
  })();
  return workerAdmin;
}

/**
 * Gives the browser a session of an admin (this worker's own), opened by the statements the sign-in runs, opens
 * `path` (the dashboard unless told otherwise) and answers the admin's email. For tests of what comes after
 * signing in: the sign-in page itself is tested as a person uses it (auth.spec.ts and the security specs), and
 * skipping it spares each test a password hash at the product's full cost.
 */
export async function signedIn(page: Page, path = '/admin'): Promise<string> {
  const email = await ownAdmin();
  const db = openE2eDatabase();
  try {
    const { rows } = await db.execute({
      sql: "SELECT id, email, role FROM admin_users WHERE email = ? AND status = 'active'",
      args: [email],
    });
    const row = staffRow.parse(rows[0]);
    const client = { address: '127.0.0.1', userAgent: await page.evaluate(() => navigator.userAgent) };
    const opened = openSession({ ...row, address: client.address }, false, client, Date.now());
    await db.batch(opened.statements, 'write');
    const [name = '', value = ''] = opened.cookie.split(';')[0]!.split('=');
    // By domain and path: Chromium refuses a `__Host-` cookie given by address (as if it named a domain).
    const domain = new URL(E2E_BASE_URL).hostname;
    await page
      .context()
      .addCookies([{ name, value, domain, path: '/', httpOnly: true, secure: true, sameSite: 'Strict' }]);
  } finally {
    db.close();
  }
  await page.goto(path);
  if (path === '/admin') await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  return email;
}
