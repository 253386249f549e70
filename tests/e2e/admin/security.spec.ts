import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { type Account, currentCode, newAccount, nextCode, passwordStep } from './staff-accounts';

const json = { 'Content-Type': 'application/json' };

/** Signs in through the API and answers the session's Cookie header. */
async function apiSession(request: APIRequestContext, account: Account) {
  const answer = await request.post('/api/admin/login', { headers: json, data: account });
  expect(answer.status()).toBe(200);
  return { ...json, Cookie: answer.headers()['set-cookie']!.split(';')[0]! };
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
  const now = currentCode(secret);
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
  const now = currentCode(data.secret);
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
