import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { buildSeedShipments } from '../../../db/seed';
import { signedIn } from '../admin/session';

const seeded = buildSeedShipments();
const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

test('a device key made in Settings > Integrations updates a shipment over HTTP until it is revoked', async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(90_000);
  // On hold, and read by no other test file: the tracking page's tests expect shipment 26 (delivered) as seeded.
  const number = seeded[23]!.tracking_number;
  const name = `Van ${Date.now()} GPS`;
  await signedIn(page);
  await page.getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('tab', { name: 'Integrations' }).click();
  await expect(page).toHaveURL(/\/admin\/settings\?tab=integrations$/);
  await expect(page.getByRole('heading', { level: 2, name: 'GPS Tracking API' })).toBeVisible();
  for (const other of ['Accounting Software', 'Email Marketing', 'Customer Support']) {
    const card = page.getByRole('region', { name: other });
    await expect(card).toContainText('Not connected');
    await expect(card).toContainText('Connecting needs');
  }
  await expect(page.getByRole('checkbox')).toHaveCount(0);
  await expect(page.getByRole('switch')).toHaveCount(0);

  await page.getByRole('button', { name: 'Create key' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await page.getByLabel('New key name').fill(name);
  await page.getByRole('button', { name: 'Create key' }).click();
  const field = page.getByLabel('API key', { exact: true });
  await expect(field).toHaveValue(/^nec_[\w-]{43}$/);
  const key = await field.inputValue();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText(key.slice(0, 12));
  await expect(row).toContainText('Never');
  await expect(row).toContainText('Active');
  await new AxeBuilder({ page })
    .withTags(WCAG_22_AA)
    .analyze()
    .then(({ violations }) => expect(violations.map((v) => v.id)).toEqual([]));
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(field).toHaveCount(0);
  await expect(page.getByText(key)).toHaveCount(0);

  // A device: no browser, no cookie, just the key.
  const device = await playwright.request.newContext({
    baseURL: baseURL!,
    extraHTTPHeaders: { Authorization: `Bearer ${key}` },
  });
  const moved = await device.put(`/api/tracking/${number}/update-location`, {
    data: { tracking_number: number, current_country: 'Lyon, France', arrival_time: '2026-12-02T08:00' },
  });
  expect(moved.status(), await moved.text()).toBe(200);
  expect((await moved.json()).data.current_location).toBe('Lyon, France');
  const scanned = await device.post('/api/scans', {
    data: {
      events: [
        { event_id: `${name}-1`, tracking_number: number, status: 'in_transit', scanned_at: new Date().toISOString() },
      ],
    },
  });
  expect(scanned.status(), await scanned.text()).toBe(200);
  expect((await scanned.json()).data[0].result).toBe('applied');
  expect((await device.get('/api/trackings')).status()).toBe(401);
  expect((await device.get(`/api/shipments/${number}`)).status()).toBe(401);

  await page.reload();
  await expect(row).not.toContainText('Never');
  await row.getByRole('button', { name: `Revoke ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Revoke API key' });
  await expect(dialog).toContainText(name);
  await dialog.getByRole('button', { name: 'Revoke key' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Revoked');
  await expect(row.getByRole('button', { name: /Revoke/ })).toHaveCount(0);

  const refused = await device.put(`/api/tracking/${number}/update-location`, {
    data: { tracking_number: number, current_country: 'Paris, France', arrival_time: '2026-12-03T08:00' },
  });
  expect(refused.status()).toBe(401);
  await device.dispose();
});
