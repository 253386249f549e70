import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { signedIn } from './session';

test('the shipments list exports what its search and filter match as a CSV file', async ({ page }) => {
  await signedIn(page);
  // A shipment of this test's own, so the search finds exactly one.
  const stamp = `Exported ${Date.now().toString(36)}`;
  const created = await page.request.post('/api/add_tracking', {
    data: {
      sender_name: stamp,
      recipient_name: 'Ana Lima',
      recipient_address: 'Rua Augusta 1, Lisbon',
      origin: 'Porto, Portugal',
      destination: 'Lisbon, Portugal',
      status: 'on_hold',
    },
  });
  expect(created.status()).toBe(201);
  const number = (await created.json()).data.tracking_number as string;

  await page.goto(`/admin/shipments?status=on_hold&q=${encodeURIComponent(stamp)}`);
  await expect(page.getByText('Showing 1 of 1 shipments')).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV of the shipments these filters match' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^shipments-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = (await readFile((await download.path()) as string, 'utf8')).trimEnd().split('\r\n');
  expect(lines[0]).toMatch(/^Tracking number,Status,Customer,/);
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`${number},On Hold,`);
  expect(lines[1]).toContain(stamp);
});
