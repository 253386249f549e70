import { expect, type Page } from '@playwright/test';
import { z } from 'zod';
import { openSession } from '../../../netlify/lib/sessions';
import { ROLES } from '../../../src/lib/roles';
import { openE2eDatabase } from '../../helpers/e2e-db';
import { E2E_BASE_URL } from '../../helpers/e2e-server';
import { ADMIN } from './sign-in';

const staffRow = z.object({ id: z.number().int(), email: z.string(), role: z.enum(ROLES) });

/**
 * Gives the browser a session of the account (the seeded admin unless told otherwise), opened by the statements
 * the sign-in runs, and opens `path` (the dashboard unless told otherwise). For tests of what comes after signing
 * in: the sign-in page itself is tested as a person uses it (auth.spec.ts and the security specs), and skipping
 * it spares each test a password hash at the product's full cost.
 */
export async function signedIn(page: Page, path = '/admin', account: { email: string } = ADMIN): Promise<void> {
  const db = openE2eDatabase();
  try {
    const { rows } = await db.execute({
      sql: "SELECT id, email, role FROM admin_users WHERE email = ? AND status = 'active'",
      args: [account.email.toLowerCase()],
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
}
