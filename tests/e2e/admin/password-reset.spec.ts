import AxeBuilder from '@axe-core/playwright';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { PASSWORD_PARAMS, readHash } from '../../../netlify/lib/password';
import { openE2eDatabase } from '../../helpers/e2e-db';
import { mailedLink } from './mailbox';
import { signedIn } from './session';
import { hydrated } from './sign-in';
import { currentCode, newAccount, nextCode, signInAs } from './staff-accounts';

// "Forgot password?" as a person uses it: the link read from the account's mailbox (which admins reading
// the Outbox page never see), the new password set, signed in again, and every other session ended.

async function expectNoViolations(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(violations.map((v) => `${what}: ${v.id}`)).toEqual([]);
}

/** The reset link mailed to the address: its path and fragment. */
async function resetLink(email: string): Promise<string> {
  const link = await mailedLink(email, 'password_reset', '/admin-reset-password');
  return `${link.pathname}${link.hash}`;
}

/** The scrypt parameters stored with the account's password hash. */
async function storedHashParams(email: string) {
  const db = openE2eDatabase();
  try {
    const { rows } = await db.execute({ sql: 'SELECT password_hash FROM admin_users WHERE email = ?', args: [email] });
    return readHash(String(rows[0]?.password_hash))?.params;
  } finally {
    db.close();
  }
}

/** An admin reading the Outbox page, in a browser of their own, sees the email but not its link. */
async function outboxWithoutLink(browser: Browser, email: string) {
  const context = await browser.newContext();
  const staff = await context.newPage();
  await signedIn(staff);
  const mail = staff
    .getByRole('row')
    .filter({ hasText: email })
    .filter({ hasText: 'Reset your password for the admin portal' });
  await staff.goto('/admin/settings/outbox');
  await mail.getByText('Read the email').click();
  await expect(mail.locator('pre')).toContainText(
    'Choose a new password: (not shown here: only the recipient may use this link)',
  );
  await expect(mail.locator('pre')).not.toContainText('/admin-reset-password#');
  await context.close();
}

test('a mailed reset link signs the person in again and ends their other sessions', async ({ browser }) => {
  test.setTimeout(300_000);
  const account = await newAccount('reset');
  const elsewhere = await browser.newContext();
  const signedInElsewhere = await elsewhere.newPage();
  await signInAs(signedInElsewhere, account);

  const here = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await here.newPage();
  await page.goto('/admin-login');
  await hydrated(page);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await page.waitForURL('**/admin-forgot-password');
  await hydrated(page);
  await expect(page.getByText('npm run admin:password')).toBeVisible();
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeFocused();
  await expect(page.getByText('If an account exists for that email, we have sent a link')).toBeVisible();
  expect(page.url()).not.toContain('@');
  await expectNoViolations(page, 'link sent');

  const link = await resetLink(account.email);
  await outboxWithoutLink(browser, account.email);
  await page.goto(link);
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
  const password = page.getByLabel('New password', { exact: true });
  await expect(password).toBeVisible();
  await password.fill('short');
  await page.getByLabel('Confirm new password').fill('something else');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Must be at least 12 characters')).toBeVisible();
  await expect(page.getByText('Does not match the new password')).toBeVisible();
  await expect(password).toBeFocused();
  await expectNoViolations(page, 'reset with errors');
  await password.fill('a fresh passphrase after the reset');
  await page.getByLabel('Confirm new password').fill('a fresh passphrase after the reset');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await page.waitForURL('**/admin', { timeout: 60_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  // The served product hashes at the full cost (only the test runner's own processes hash cheaply).
  expect(await storedHashParams(account.email)).toEqual(PASSWORD_PARAMS);
  // The audit trail names the reset and who made it (this account is an admin, so it may read the trail).
  await page.goto(`/admin/audit?action=password_reset&actor=${encodeURIComponent(account.email)}`);
  await expect(page.getByText('Showing 1 of 1 entries')).toBeVisible({ timeout: 30_000 });

  // The session elsewhere ended: its next step goes to the sign-in page.
  await signedInElsewhere.getByRole('link', { name: 'Shipments', exact: true }).click();
  await signedInElsewhere.waitForURL('**/admin-login?next=%2Fadmin%2Fshipments');
  await elsewhere.close();

  // Used once: opened again, the page says so at once and leads to a new one.
  const later = await browser.newContext();
  const again = await later.newPage();
  await again.goto(link);
  await hydrated(again);
  await expect(again.getByRole('alert').filter({ hasText: 'This password reset link was used already' })).toBeVisible();
  await expect(again.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
    'href',
    '/admin-forgot-password',
  );
  await expect(again.getByLabel('New password', { exact: true })).toHaveCount(0);
  await expectNoViolations(again, 'used link');
  await again.goto('about:blank');
  await again.goto('/admin-reset-password#made-up-token');
  await expect(again.getByRole('alert').filter({ hasText: 'This password reset link is not valid' })).toBeVisible();
  await later.close();
  await here.close();
});

test('with two-step verification on, the reset continues to the code step before signing in', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const account = await newAccount('reset-2fa');
  const json = { 'Content-Type': 'application/json' };
  const login = await request.post('/api/admin/login', { headers: json, data: account });
  const session = { ...json, Cookie: login.headers()['set-cookie']!.split(';')[0]! };
  const setup = await (await request.post('/api/account/two-factor/setup', { headers: session, data: {} })).json();
  const secret: string = setup.data.secret;
  const enabled = await request.post('/api/account/two-factor/enable', {
    headers: session,
    data: { code: currentCode(secret) },
  });
  expect(enabled.status()).toBe(200);
  const asked = await request.post('/api/admin/password/forgot', { headers: json, data: { email: account.email } });
  expect(asked.status()).toBe(200);

  await page.goto(await resetLink(account.email));
  await hydrated(page);
  const password = 'a second factor still guards this one';
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('Confirm new password').fill(password);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible({ timeout: 60_000 });
  expect(await page.context().cookies()).toEqual([]);
  await expect(page.getByLabel('Authentication code')).toBeFocused();
  await expectNoViolations(page, 'code step after reset');
  await page.getByLabel('Authentication code').fill(nextCode(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL('**/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  // The session the API opened before the reset ended with it.
  expect((await request.get('/api/admin/session', { headers: session })).status()).toBe(401);
});

test.describe('before or without its script', () => {
  test.use({ javaScriptEnabled: false });

  test('the forgot form posts plainly, with nothing in the address, and lands on the page saying a link is on its way', async ({
    page,
  }) => {
    await page.goto('/admin-forgot-password');
    await page.getByLabel('Email').fill(`nobody-${Date.now()}@nec-cargo.example`);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.waitForURL('**/admin-reset-link-sent');
    expect(new URL(page.url()).search).toBe('');
    await expect(page.getByText('If an account exists for that email, we have sent a link')).toBeVisible();
  });
});
