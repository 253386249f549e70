import { expect, type Page, test } from '@playwright/test';
import { SETTINGS_TABS } from '../../../src/admin/screens/settings/tabs';
import { signedIn } from './session';

const toast = (page: Page, text: string | RegExp) => page.locator('[data-sonner-toast]').filter({ hasText: text });

// Both tests change the same stored settings: one at a time.
test.describe.configure({ mode: 'serial' });

test('General: the company information is pre-filled, validated, saved and kept after a reload', async ({ page }) => {
  test.setTimeout(120_000);
  await signedIn(page);
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(page.getByText('Manage your system settings and preferences')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'General' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab')).toHaveText(SETTINGS_TABS.map(({ title }) => title));

  const companyName = page.getByLabel('Company Name (required)');
  await expect(companyName).not.toHaveValue('');
  await expect(page.getByLabel('City (required)')).not.toHaveValue('');

  await page.getByLabel('Email (required)').fill('not-an-email');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByLabel('Email (required)')).toHaveAccessibleDescription('Must be a valid email address');

  const stamp = Date.now().toString(36);
  await page.getByLabel('Email (required)').fill(`office-${stamp}@nec-cargo.example`);
  await companyName.fill(`Northeast Express Cargo ${stamp}`);
  await page.getByLabel('Zip/Postal Code').fill('95815');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'Company information saved')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Company Information' })).toBeVisible({ timeout: 30_000 });
  await expect(companyName).toHaveValue(`Northeast Express Cargo ${stamp}`);
  await expect(page.getByLabel('Email (required)')).toHaveValue(`office-${stamp}@nec-cargo.example`);
  await expect(page.getByLabel('Zip/Postal Code')).toHaveValue('95815');
  // The audit trail's retention below has a "Last saved" of its own.
  await expect(page.getByRole('form', { name: 'Company Information' }).getByText(/Last saved .* by /)).toBeVisible();
});

test('Notifications: the switches start at their defaults, a change is saved and kept after a reload', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signedIn(page, '/admin/settings');
  await page.getByRole('tab', { name: 'General' }).focus();
  await page.keyboard.press('ArrowRight');
  const tab = page.getByRole('tab', { name: 'Notifications' });
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'Email Notifications' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Outbox' })).toHaveAttribute('href', '/admin/settings/outbox');

  const daily = page.getByRole('switch', { name: 'Daily Summary Report' });
  const before = await daily.getAttribute('aria-checked');
  await daily.click();
  await expect(daily).toHaveAttribute('aria-checked', before === 'true' ? 'false' : 'true');
  await page.getByRole('button', { name: 'Save Preferences' }).click();
  await expect(toast(page, 'Notification preferences saved')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Email Notifications' })).toBeVisible({ timeout: 30_000 });
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  await expect(daily).toHaveAttribute('aria-checked', before === 'true' ? 'false' : 'true');
  for (const name of ['New Shipment Created', 'Shipment Status Updates', 'New Customer Registration']) {
    await expect(page.getByRole('switch', { name })).toBeVisible();
  }
  // Switched back by keyboard, as it was.
  await daily.focus();
  await page.keyboard.press('Space');
  await page.getByRole('button', { name: 'Save Preferences' }).click();
  await expect(toast(page, 'Notification preferences saved')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Email Notifications' })).toBeVisible({ timeout: 30_000 });
  await expect(daily).toHaveAttribute('aria-checked', String(before));
});

test('a visit loads the open tab alone; another tab loads when opened, and unsaved input survives a look at it', async ({
  page,
}) => {
  await signedIn(page);
  const asked = new Set<string>();
  page.on('request', (request) => asked.add(new URL(request.url()).pathname));
  await page.goto('/admin/settings');
  const companyName = page.getByLabel('Company Name (required)');
  await expect(companyName).not.toHaveValue('');
  // A panel mounted with General's would have asked for its section by now.
  expect(asked).toContain('/api/settings/company');
  for (const other of ['/api/settings/notifications', '/api/api-keys', '/api/places', '/api/account/sessions']) {
    expect(asked).not.toContain(other);
  }

  const unsaved = `Unsaved ${Date.now().toString(36)}`;
  await companyName.fill(unsaved);
  await page.getByRole('tab', { name: 'Places' }).click();
  // The filter shows once the places have loaded.
  await expect(page.getByLabel('Filter places')).toBeVisible();
  expect(asked).toContain('/api/places');
  await page.getByRole('tab', { name: 'General' }).click();
  await expect(companyName).toHaveValue(unsaved);
});
