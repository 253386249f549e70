import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { COMMON_PASSWORD } from '../../../netlify/lib/account';
import { type Account, currentCode, newAccount, nextCode, passwordStep, signInAs } from './staff-accounts';

// Settings > Security as a person uses it: two-factor sign-in, password change, sessions. Each test
// signs in as a staff account of its own (see staff-accounts.ts).

const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

async function expectNoViolations(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze();
  expect(violations.map((v) => `${what}: ${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

const toast = (page: Page, text: string | RegExp) => page.locator('[data-sonner-toast]').filter({ hasText: text });

/** Opens Settings > Security through the tabs, as a person would. */
async function openSecurityTab(page: Page) {
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('tab', { name: 'Security' }).click();
  await expect(page).toHaveURL(/\/admin\/settings\?tab=security$/);
  // The tab's first calls can take a while on a busy machine (each runs in a fresh function worker).
  await expect(
    page.getByRole('region', { name: 'Two-factor sign-in' }).getByRole('button', { name: /^(Configure|Disable) 2FA$/ }),
  ).toBeVisible({ timeout: 30_000 });
}

/** Records what the page's Content-Security-Policy refused. */
function cspReports(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) problems.push(message.text());
  });
  return problems;
}

async function signOut(page: Page) {
  // On a phone-wide screen the sidebar is behind the menu button; these tests run wide.
  await page.getByRole('button', { name: 'Exit Admin' }).click();
  await page.waitForURL('**/admin-login');
}

async function codeStep(page: Page, account: Account, code: string) {
  await passwordStep(page, account);
  await expect(page.getByLabel('Authentication code')).toBeFocused();
  await page.getByLabel('Authentication code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
}

test('2FA: configured from the shown secret, recovery codes once, then sign-in takes a code or a recovery code (once); disabled with password and code', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const refused = cspReports(page);
  const account = await newAccount('security-tab-2fa');
  await signInAs(page, account);
  await openSecurityTab(page);
  const section = page.getByRole('region', { name: 'Two-factor sign-in' });
  await expect(section.getByText('Sign-in asks for your password only.')).toBeVisible();

  await section.getByRole('button', { name: 'Configure 2FA' }).click();
  const dialog = page.getByRole('dialog', { name: 'Set up two-factor sign-in' });
  await expect(dialog).toBeVisible();
  const qr = dialog.getByRole('img', { name: /QR code/ });
  await expect(qr).toBeVisible();
  // The server draws the QR code; the page shows it (as a data: URL the CSP allows).
  expect(await qr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  const secret = await dialog.getByLabel('Secret key').inputValue();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expect(dialog.getByLabel('Authentication code')).toBeFocused();
  await expectNoViolations(page, 'setup dialog');

  // The form's own rules: six digits.
  await dialog.getByLabel('Authentication code').fill('12345');
  await dialog.getByRole('button', { name: 'Enable' }).click();
  await expect(dialog.getByLabel('Authentication code')).toHaveAccessibleDescription(
    /Enter the 6-digit code from your authenticator app/,
  );
  await dialog.getByLabel('Authentication code').fill(currentCode(secret));
  await dialog.getByRole('button', { name: 'Enable' }).click();

  const codesDialog = page.getByRole('dialog', { name: 'Recovery codes' });
  const heading = codesDialog.getByRole('heading', { name: /Save your recovery codes/ });
  await expect(heading).toBeFocused();
  const items = codesDialog.getByRole('list', { name: /Save your recovery codes/ }).getByRole('listitem');
  await expect(items).toHaveCount(10);
  const recoveryCodes = await items.allTextContents();
  for (const code of recoveryCodes) expect(code).toMatch(/^[A-HJ-NP-Z2-9]{5}-[A-HJ-NP-Z2-9]{5}$/);
  await expectNoViolations(page, 'recovery codes');

  await codesDialog.getByRole('button', { name: 'Copy codes' }).click();
  await expect(toast(page, 'Codes copied.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(recoveryCodes.join('\n'));
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    codesDialog.getByRole('button', { name: 'Download codes' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('nec-cargo-recovery-codes.txt');
  const saved = await readFile(await download.path(), 'utf8');
  for (const code of recoveryCodes) expect(saved).toContain(code);

  await codesDialog.getByRole('button', { name: 'I have saved them' }).click();
  await expect(codesDialog).toBeHidden();
  await expect(section.getByText('10 of 10 recovery codes left unused.')).toBeVisible();
  await expect(section.getByRole('button', { name: 'Disable 2FA' })).toBeFocused();
  // Shown once: nothing on the page holds them any more.
  await expect(page.getByText(recoveryCodes[0]!)).toHaveCount(0);

  // Sign-in now asks for a code: one the test computes from the secret, as an authenticator app would.
  await signOut(page);
  await codeStep(page, account, nextCode(secret));
  await page.waitForURL('**/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  // A recovery code signs in once.
  await signOut(page);
  await codeStep(page, account, recoveryCodes[0]!);
  await page.waitForURL('**/admin');
  await signOut(page);
  await codeStep(page, account, recoveryCodes[0]!);
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid authentication code' })).toBeVisible();
  await page.getByLabel('Authentication code').fill(recoveryCodes[1]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL('**/admin');

  await openSecurityTab(page);
  await expect(section.getByText('8 of 10 recovery codes left unused.')).toBeVisible();
  await section.getByRole('button', { name: 'Disable 2FA' }).click();
  const disableDialog = page.getByRole('dialog', { name: 'Disable two-factor sign-in' });
  await expect(disableDialog.getByLabel('Password')).toBeFocused();
  await expectNoViolations(page, 'disable dialog');
  await disableDialog.getByRole('button', { name: 'Disable 2FA' }).click();
  await expect(disableDialog.getByLabel('Password')).toHaveAccessibleDescription('Password is required');
  await disableDialog.getByLabel('Password').fill(account.password);
  await disableDialog.getByLabel('Authentication code').fill(recoveryCodes[2]!);
  await disableDialog.getByRole('button', { name: 'Disable 2FA' }).click();
  await expect(toast(page, 'Two-factor sign-in is off.')).toBeVisible();
  await expect(disableDialog).toBeHidden();
  await expect(section.getByText('Sign-in asks for your password only.')).toBeVisible();
  await expect(section.getByRole('button', { name: 'Configure 2FA' })).toBeFocused();

  await signOut(page);
  await signInAs(page, account);
  expect(refused).toEqual([]);
});

test('password change: the form checks its fields, the server refuses a common password on its field, the new password signs in and other sessions end', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const account = await newAccount('security-tab-password');
  // Another browser signed in as the same account: the change ends its session.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signInAs(otherPage, account);

  await signInAs(page, account);
  await openSecurityTab(page);
  const form = page.getByRole('region', { name: 'Change Password' });
  const current = form.getByLabel('Current Password');
  const fresh = form.getByLabel('New Password', { exact: true });
  const confirm = form.getByLabel('Confirm New Password');
  const update = form.getByRole('button', { name: 'Update Password' });

  await update.click();
  await expect(current).toHaveAccessibleDescription('Current password is required');
  await expect(current).toBeFocused();
  await current.fill(account.password);
  await fresh.fill('too short');
  await confirm.fill('something else');
  await update.click();
  await expect(fresh).toHaveAccessibleDescription(/Must be at least 12 characters/);
  await expect(confirm).toHaveAccessibleDescription('Does not match the new password');

  // Long enough and confirmed, but on the list of common passwords: only the server knows.
  await fresh.fill('qwerty123456');
  await confirm.fill('qwerty123456');
  await update.click();
  await expect(fresh).toHaveAccessibleDescription(new RegExp(COMMON_PASSWORD.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  await expect(fresh).toHaveAttribute('aria-invalid', 'true');
  await expect(fresh).toBeFocused();
  await expectNoViolations(page, 'password form with errors');

  const newPassword = 'grey heron over the quay at dusk';
  await fresh.fill(newPassword);
  await confirm.fill(newPassword);
  await update.click();
  // Two password hashes and the common-password list: slower than most calls on a busy machine.
  await expect(toast(page, 'Password updated. Your other sessions were ended (1).')).toBeVisible({ timeout: 30_000 });
  await expect(current).toHaveValue('');
  await expect(page.getByRole('list', { name: 'Active Sessions' }).getByRole('listitem')).toHaveCount(1);

  // The other browser is signed out on its next call.
  await otherPage.getByRole('link', { name: 'Shipments', exact: true }).click();
  await otherPage.waitForURL('**/admin-login?next=%2Fadmin%2Fshipments');
  await expect(otherPage.locator('[data-sonner-toast]').filter({ hasText: 'Your session has ended' })).toBeVisible();
  await other.close();

  await signOut(page);
  await passwordStep(page, account);
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid credentials' })).toBeVisible();
  await signInAs(page, { ...account, password: newPassword });
});

test('sessions: listed with this one marked; another browser ended from here is signed out on its next call; End all other sessions', async ({
  page,
  browser,
  playwright,
}) => {
  test.setTimeout(120_000);
  const account = await newAccount('security-tab-sessions');
  const other = await browser.newContext({
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
  });
  const otherPage = await other.newPage();
  await signInAs(otherPage, account);
  await signInAs(page, account);
  await openSecurityTab(page);

  const list = page.getByRole('list', { name: 'Active Sessions' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  const mine = list.getByRole('listitem').filter({ hasText: 'This session' });
  await expect(mine).toHaveCount(1);
  await expect(mine.getByRole('button')).toHaveCount(0);
  const theirs = list.getByRole('listitem').filter({ hasText: 'Firefox 128' });
  for (const field of ['Address', 'Created', 'Last seen']) await expect(theirs.getByText(field)).toBeVisible();
  await expectNoViolations(page, 'sessions');

  await theirs.getByRole('button', { name: /^End session: Firefox 128/ }).click();
  await expect(toast(page, /Session ended: Firefox 128/)).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(page.getByRole('heading', { name: 'Active Sessions' })).toBeFocused();
  await expect(page.getByRole('button', { name: 'End all other sessions' })).toHaveCount(0);

  await otherPage.getByRole('link', { name: 'Shipments', exact: true }).click();
  await otherPage.waitForURL('**/admin-login?next=%2Fadmin%2Fshipments');
  await expect(otherPage.locator('[data-sonner-toast]').filter({ hasText: 'Your session has ended' })).toBeVisible();
  await other.close();

  // Two more sessions elsewhere, each its own client.
  for (let i = 0; i < 2; i++) {
    const client = await playwright.request.newContext({ baseURL: new URL(page.url()).origin });
    expect((await client.post('/api/admin/login', { data: account })).status()).toBe(200);
    await client.dispose();
  }
  await page.reload();
  await expect(list.getByRole('listitem')).toHaveCount(3, { timeout: 30_000 });
  await page.getByRole('button', { name: 'End all other sessions' }).click();
  await expect(toast(page, 'Other sessions ended (2).')).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(mine).toHaveCount(1);
  await page.reload();
  await expect(list.getByRole('listitem')).toHaveCount(1, { timeout: 30_000 });
});

for (const viewport of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 900 },
]) {
  test(`the Security tab and its setup dialog have no WCAG 2.2 AA violations at ${viewport.width} px`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await signInAs(page, await newAccount(`security-tab-axe-${viewport.name}`));
    await page.goto('/admin/settings?tab=security');
    await expect(page.getByRole('tab', { name: 'Security' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('button', { name: 'Configure 2FA' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('list', { name: 'Active Sessions' }).getByRole('listitem')).toHaveCount(1, {
      timeout: 30_000,
    });
    await expectNoViolations(page, `security tab (${viewport.name})`);
    // Nothing sticks out sideways at phone width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

    await page.getByRole('button', { name: 'Configure 2FA' }).click();
    const dialog = page.getByRole('dialog', { name: 'Set up two-factor sign-in' });
    await expect(dialog.getByRole('img', { name: /QR code/ })).toBeVisible();
    await expectNoViolations(page, `setup dialog (${viewport.name})`);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Configure 2FA' })).toBeFocused();
  });
}
