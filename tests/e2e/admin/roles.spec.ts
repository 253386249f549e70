import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import type { Role } from '../../../src/lib/roles';
import { openE2eDatabase } from '../../helpers/e2e-db';
import { type Account, newAccount, passwordStep } from './staff-accounts';

// The admin app fits the role: the sidebar shows what the role may use, and a screen it may not use says
// so plainly (not an error, not an empty screen).

// One test below makes two-factor sign-in required for viewers, an account-wide setting: the tests of this
// file, the only one with viewers, run one after another.
test.describe.configure({ mode: 'serial' });

/** Whether viewers must use two-factor sign-in (Team screen), set in the served database. */
async function viewersMustUseTwoFactor(required: boolean): Promise<void> {
  const db = openE2eDatabase();
  try {
    await db.execute({
      sql: `INSERT INTO settings (key, value, updated_at)
              VALUES ('two_factor', json_object('admin', json('false'), 'dispatcher', json('false'),
                      'driver', json('false'), 'viewer', json(?1)), ?2)
            ON CONFLICT (key) DO UPDATE SET value = json_set(value, '$.viewer', json(?1)), updated_at = ?2`,
      args: [String(required), new Date().toISOString()],
    });
  } finally {
    db.close();
  }
}

async function expectNoViolations(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(violations.map((violation) => violation.id)).toEqual([]);
}

async function accountOf(role: Role): Promise<Account> {
  const account = await newAccount(role);
  const db = openE2eDatabase();
  try {
    await db.execute({ sql: 'UPDATE admin_users SET role = ? WHERE email = ?', args: [role, account.email] });
  } finally {
    db.close();
  }
  return account;
}

test('a viewer reads the dashboard, shipments and customers; quotes and company settings are not theirs', async ({
  page,
}) => {
  // Signing in, four screens and an axe run: longer than the usual 45 s on a busy two-core machine.
  test.setTimeout(120_000);
  await passwordStep(page, await accountOf('viewer'));
  await page.waitForURL('**/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const sidebar = page.getByRole('navigation', { name: 'Admin' });
  await expect(sidebar.getByRole('link')).toHaveText(['Dashboard', 'Shipments', 'Exceptions', 'Customers', 'Settings']);

  // Reading shows no control the role cannot use.
  await sidebar.getByRole('link', { name: 'Shipments' }).click();
  await expect(page.getByRole('link', { name: /^View NEC/ }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: /^(Quick add|Edit NEC)/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'New shipment' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Import', exact: true })).toHaveCount(0);
  await expect(page.getByRole('checkbox')).toHaveCount(0);
  await page
    .getByRole('link', { name: /^View NEC/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: /^Tracking # NEC/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Tracking History' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit shipment' })).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'Update Status' })).toHaveCount(0);
  await sidebar.getByRole('link', { name: 'Customers' }).click();
  await expect(page.getByRole('link', { name: /^View / }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: /^(New Customer|Edit )/ })).toHaveCount(0);

  await page.goto('/admin/quotes');
  await expect(page.getByRole('heading', { level: 1, name: 'Not allowed' })).toBeVisible();
  await expect(page.getByText('Your role (Viewer) does not include this page.')).toBeVisible();
  await expectNoViolations(page);

  await page.goto('/admin/settings?tab=general');
  await expect(page.getByRole('tab')).toHaveText(['Security']);
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
});

test('a driver is sent from the dashboard to the driver screen; their own settings stay in the back office', async ({
  page,
}) => {
  await passwordStep(page, await accountOf('driver'));
  await page.waitForURL('**/driver');
  await expect(page.getByRole('heading', { level: 1, name: "Today's stops" })).toBeVisible();
  await page.getByRole('link', { name: 'Your sign-in settings' }).click();
  await expect(page.getByRole('tab', { name: 'Security' })).toBeVisible();
});

test('a viewer whose role must use two-factor sign-in sees only how to turn it on, and Settings > Security', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const account = await accountOf('viewer');
  await viewersMustUseTwoFactor(true);
  try {
    await passwordStep(page, account);
    await page.waitForURL('**/admin');
    const heading = page.getByRole('heading', { level: 1, name: 'Turn on two-factor sign-in first' });
    await expect(heading).toBeVisible();
    await expect(page.getByText('An admin requires two-factor sign-in for your role (Viewer).')).toBeVisible();
    await expectNoViolations(page);
    // Every other screen is closed, a typed address too.
    await page.goto('/admin/shipments');
    await expect(heading).toBeVisible();
    await expect(page.getByRole('link', { name: /^View NEC/ })).toHaveCount(0);

    await page.getByRole('link', { name: 'Set up two-factor sign-in' }).click();
    await page.waitForURL('**/admin/settings?tab=security');
    await expect(page.getByRole('region', { name: 'Two-factor sign-in' })).toBeVisible();
  } finally {
    await viewersMustUseTwoFactor(false);
  }
});
