import AxeBuilder from '@axe-core/playwright';
import { createClient } from '@libsql/client';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { setAdminPassword } from '../../../netlify/lib/admin-users';
import { hydrated } from './sign-in';

// Each test has its own staff account (created in the served database), so turning on two-step
// verification or changing a password never gets in the way of other tests signing in as the admin.

const json = { 'Content-Type': 'application/json' };

async function newAccount(name: string): Promise<{ email: string; password: string }> {
  const account = { email: `${name}-${Date.now()}@nec-cargo.example`, password: 'a long e2e password 1' };
  const db = createClient({ url: process.env.E2E_DATABASE_URL! });
  try {
    await setAdminPassword(db, account.email, account.password);
  } finally {
    db.close();
  }
  return account;
}

/** Signs in through the API and answers the session's Cookie header. */
async function apiSession(request: APIRequestContext, account: { email: string; password: string }) {
  const answer = await request.post('/api/admin/login', { headers: json, data: account });
  expect(answer.status()).toBe(200);
  return { ...json, Cookie: answer.headers()['set-cookie']!.split(';')[0]! };
}

/** What an authenticator app shows for the secret, one step ahead (accepted, and later than any code used so far). */
const nextCode = (secret: string) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), period: 30, digits: 6, timestamp: Date.now() + 30_000 });

async function passwordStep(page: Page, account: { email: string; password: string }) {
  await page.goto('/admin-login');
  await hydrated(page);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

test('two-step verification: enabled with a code from the shown secret, then sign-in asks for a code or a recovery code', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const account = await newAccount('two-step');
  const session = await apiSession(request, account);
  const setup = await (await request.post('/api/account/two-factor/setup', { headers: session, data: {} })).json();
  const secret: string = setup.data.secret;
  const now = TOTP.generate({ secret: Secret.fromBase32(secret), period: 30, digits: 6 });
  const enabled = await request.post('/api/account/two-factor/enable', { headers: session, data: { code: now } });
  expect(enabled.status()).toBe(200);
  const recoveryCodes: string[] = (await enabled.json()).data.recovery_codes;
  expect(recoveryCodes).toHaveLength(10);

  await passwordStep(page, account);
  const code = page.getByLabel('Authentication code');
  await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
  await expect(code).toBeFocused();
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(violations.map((v) => v.id)).toEqual([]);
  // Not signed in yet: the admin app sends us back.
  expect(await page.context().cookies()).toEqual([]);

  await code.fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid authentication code' })).toBeVisible();
  await expect(code).toHaveAttribute('aria-invalid', 'true');

  await code.fill(nextCode(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL('**/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  await page.getByRole('button', { name: 'Exit Admin' }).click();
  await page.waitForURL('**/admin-login');
  await passwordStep(page, account);
  await code.fill(recoveryCodes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL('**/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
});

test('Back from the code step returns to the password; a refused field comes back on the field', async ({
  page,
  request,
}) => {
  const account = await newAccount('two-step-back');
  const session = await apiSession(request, account);
  const { data } = await (await request.post('/api/account/two-factor/setup', { headers: session, data: {} })).json();
  const now = TOTP.generate({ secret: Secret.fromBase32(data.secret), period: 30, digits: 6 });
  expect(
    (await request.post('/api/account/two-factor/enable', { headers: session, data: { code: now } })).status(),
  ).toBe(200);

  await passwordStep(page, account);
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByLabel('Password')).toBeFocused();
  await expect(page.getByLabel('Password')).toHaveValue('');
  await expect(page.getByLabel('Email')).toHaveValue(account.email);

  // A value only the server refuses (an email with a control character) lands on its field.
  await page.getByLabel('Email').fill('someone\u0007@nec-cargo.example');
  await page.getByLabel('Password').fill('whatever it is');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Must not contain control characters')).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
});

test('a changed password works at the sign-in page and the old one no longer does', async ({ page, request }) => {
  const account = await newAccount('password-change');
  const session = await apiSession(request, account);
  const changed = await request.post('/api/account/password', {
    headers: session,
    data: {
      current_password: account.password,
      new_password: 'grey heron over the quay',
      confirm_password: 'grey heron over the quay',
    },
  });
  expect(changed.status()).toBe(200);

  await passwordStep(page, account);
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid credentials' })).toBeVisible();
  await page.getByLabel('Password').fill('grey heron over the quay');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
});
