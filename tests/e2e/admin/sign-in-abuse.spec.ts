import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { openE2eDatabase } from '../../helpers/e2e-db';
import { mailedLink } from './mailbox';
import { hydrated } from './sign-in';
import { type Account, currentCode, newAccount, nextCode, passwordStep } from './staff-accounts';

const json = { 'Content-Type': 'application/json' };

async function expectNoViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(violations.map((v) => v.id)).toEqual([]);
}

async function apiSession(request: APIRequestContext, account: Account) {
  const answer = await request.post('/api/admin/login', { headers: json, data: account });
  expect(answer.status()).toBe(200);
  return { ...json, Cookie: answer.headers()['set-cookie']!.split(';')[0]! };
}

test('turning two-step verification on after a wrong code, then a sign-in with a wrong code and the code the app shows, never locks the account', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const account = await newAccount('no-lock');
  const session = await apiSession(request, account);
  const setup = await (await request.post('/api/account/two-factor/setup', { headers: session, data: {} })).json();
  const secret: string = setup.data.secret;
  const enable = (code: string) => request.post('/api/account/two-factor/enable', { headers: session, data: { code } });
  expect((await enable('000000')).status()).toBe(422);
  expect((await enable(currentCode(secret))).status()).toBe(200);

  await passwordStep(page, account);
  const code = page.getByLabel('Authentication code');
  await code.fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid authentication code' })).toBeVisible();

  // What the app shows now: most often the code that just turned it on (the page says to wait for
  // the next one), or already the next one.
  await code.fill(currentCode(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  const justUsed = page.getByRole('alert').filter({ hasText: 'This code was just used' });
  await expect(justUsed.or(page.getByRole('heading', { level: 1, name: 'Dashboard' }))).toBeVisible();
  if (await justUsed.isVisible()) {
    await code.fill(nextCode(secret));
    await page.getByRole('button', { name: 'Verify' }).click();
  }
  await page.waitForURL('**/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('strangers filled the account with failures: the right password gets a sign-in link by email, which signs in once', async ({
    page,
    browser,
  }) => {
    test.setTimeout(300_000);
    const account = await newAccount('link');
    // Ten failed sign-ins from two addresses this account never signed in from, as strangers guessing leave them.
    const db = openE2eDatabase();
    try {
      await db.execute({
        sql: `INSERT INTO login_attempts (email, address, known, finished, attempted_at)
              SELECT ?, '203.0.113.' || (value % 2 + 1), 0, 1, ? FROM generate_series(1, 10)`,
        args: [account.email, new Date().toISOString()],
      });
    } finally {
      db.close();
    }

    await passwordStep(page, account);
    // A password check (scrypt) on a busy machine can take a while.
    await expect(page.getByRole('heading', { name: 'We emailed you a sign-in link' })).toBeVisible({
      timeout: 60_000,
    });
    await expect(page.getByText(account.email)).toBeVisible();
    expect(await page.context().cookies()).toEqual([]);
    await expectNoViolations(page);

    // The account's mailbox.
    const link = await mailedLink(account.email, 'sign_in_link', '/admin-sign-in-link');

    await page.goto(`${link.pathname}${link.hash}`);
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Finish signing in' })).toBeVisible();
    await expectNoViolations(page);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/admin', { timeout: 60_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

    // Used once: another browser opening it is told so, and where to go.
    const elsewhere = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const late = await elsewhere.newPage();
    await late.goto(`${link.pathname}${link.hash}`);
    await hydrated(late);
    await late.getByRole('button', { name: 'Sign in' }).click();
    await expect(late.getByRole('alert').filter({ hasText: 'This sign-in link was used already' })).toBeVisible();
    await expect(late.getByRole('link', { name: 'Sign in with your password' })).toHaveAttribute(
      'href',
      '/admin-login',
    );
    await expectNoViolations(late);
    // A link cut short or made up says it is not valid.
    await late.goto('about:blank');
    await late.goto('/admin-sign-in-link#made-up-token');
    await hydrated(late);
    await late.getByRole('button', { name: 'Sign in' }).click();
    await expect(late.getByRole('alert').filter({ hasText: 'This sign-in link is not valid' })).toBeVisible();
    await late.goto('about:blank');
    await late.goto('/admin-sign-in-link');
    await expect(late.getByRole('alert').filter({ hasText: 'This sign-in link is not valid' })).toBeVisible();
    await elsewhere.close();
  });
});
