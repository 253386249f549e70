import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { newAccount, signInAs } from './staff-accounts';

/** A query parameter of the page's address. */
const param = (page: Page, name: string) => new URL(page.url()).searchParams.get(name);
const toast = (page: Page, text: string | RegExp) => page.locator('[data-sonner-toast]').filter({ hasText: text });

test('an admin sees their writes in the audit trail, filters it in the URL, follows a subject and downloads the CSV', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const admin = await newAccount('auditor');
  await signInAs(page, admin);

  // Two writes: a customer (through the API, as the screen would send it) and the trail's own retention.
  const stamp = Date.now().toString(36);
  const created = await page.request.post('/api/customers', { data: { name: `Audited ${stamp}` } });
  expect(created.status()).toBe(201);
  const customerId = (await created.json()).data.id as string;

  await page.goto('/admin/settings');
  const retention = page.getByLabel('Keep entries for (days, required)');
  await retention.fill('20');
  await page.getByRole('button', { name: 'Save Retention' }).click();
  await expect(page.getByText('Must be at least 30 days')).toBeVisible();
  await expect(retention).toHaveAttribute('aria-invalid', 'true');
  await retention.fill('400');
  await page.getByRole('button', { name: 'Save Retention' }).click();
  await expect(toast(page, 'Audit trail retention saved')).toBeVisible();

  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Audit trail' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Audit trail' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Audit trail, newest first' });
  const settingsRow = table.getByRole('row').filter({ hasText: 'Audit trail: entries kept 400 days' });
  await expect(settingsRow).toContainText(admin.email);
  await expect(settingsRow).toContainText('Admin');
  await expect(settingsRow).toContainText('Settings changed');
  await expect(table.getByRole('row').filter({ hasText: customerId }).first()).toContainText('Customer created');

  await page.getByLabel('Action').selectOption('settings_changed');
  await expect.poll(() => param(page, 'action')).toBe('settings_changed');
  await page.getByLabel('Person').fill(admin.email);
  await expect.poll(() => param(page, 'actor')).toBe(admin.email);
  await expect(page.getByText('Showing 1 of 1 entries')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Action')).toHaveValue('settings_changed');
  await expect(page.getByLabel('Person')).toHaveValue(admin.email);
  await expect(page.getByText('Showing 1 of 1 entries')).toBeVisible({ timeout: 30_000 });

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: /Export CSV/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^audit-trail-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path()) as string, 'utf8');
  const lines = csv.trimEnd().split('\r\n');
  expect(lines[0]).toBe('Time (UTC),Actor,Role,Action,Subject type,Subject,Details,Address');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`${admin.email},Admin,Settings changed,Settings,audit,Audit trail: entries kept 400 days`);

  await page.getByLabel('Action').selectOption('');
  await page.getByLabel('Person').fill('');
  await page.getByLabel('Subject ID').fill(customerId);
  await expect.poll(() => param(page, 'subject')).toBe(customerId);
  await table
    .getByRole('link', { name: new RegExp(`^${customerId}`) })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/admin/customers/${customerId}$`));
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(`Audited ${stamp}`) })).toBeVisible();

  await page.goto('/admin/audit?actor=nobody%40nowhere.example');
  await expect(page.getByText('No entries match these filters.')).toBeVisible({ timeout: 30_000 });
});
