import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { openE2eDatabase } from '../../helpers/e2e-db';
import { signedIn } from './session';

// Bulk actions on the shipments list: a person filters, ticks the page, selects every match, changes
// their status and reads how many changed and why the others did not; exports the ticked rows.

const PHONE = { width: 390, height: 844 };

/**
 * Shipments of this test alone, of a package type named for it (the filter that finds only them):
 * `statuses` lists each one's status, numbered NEC + a stamp of this call + a serial.
 */
async function makeShipments(statuses: string[]) {
  const stamp = (Date.now().toString(36) + Math.random().toString(36).slice(2)).toUpperCase().slice(-6);
  const type = `Bulk ${stamp}`;
  const numbers = statuses.map((_, index) => `NEC${stamp}${String(index).padStart(3, '0')}`);
  const db = openE2eDatabase();
  try {
    await db.batch(
      statuses.map((status, index) => ({
        sql: `INSERT INTO shipments (tracking_number, status, sender_name, recipient_name, recipient_address,
                origin, destination, package_type)
              VALUES (?, ?, 'Bulk Sender', 'Bulk Recipient', '1 Main St, Lima', 'Cusco, Peru', 'Lima, Peru', ?)`,
        args: [numbers[index]!, status, type],
      })),
      'write',
    );
  } finally {
    db.close();
  }
  return { numbers, type };
}

async function expectNoViolations(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page })
    .include('dialog[open]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(violations.map((v) => `${what}: ${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

test('a person selects every match of a filter, changes their status and reads the counts', async ({ page }) => {
  test.setTimeout(120_000);
  // 23 matches: more than the page of 20. One is on hold already, two were delivered.
  const { numbers, type } = await makeShipments([
    'on_hold',
    'delivered',
    'delivered',
    ...Array<string>(20).fill('in_transit'),
  ]);
  await signedIn(page, `/admin/shipments?type=${encodeURIComponent(type)}`);
  await expect(page.getByText('Showing 1-20 of 23 shipments')).toBeVisible({ timeout: 30_000 });

  await page.getByRole('checkbox', { name: 'Select every shipment on this page' }).check();
  const said = page.getByRole('status').filter({ hasText: /selected/ });
  await expect(said).toHaveText('20 shipments selected.');
  await page.getByRole('button', { name: 'Select all 23 matching' }).click();
  await expect(said).toHaveText('All 23 shipments matching the search and filters are selected.');

  await page.getByRole('button', { name: 'Change status (23)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change status' });
  await expect(dialog.getByLabel('New status')).toBeFocused();
  // A failed attempt asks for its reason, in the dialog, before anything is sent.
  await dialog.getByLabel('New status').selectOption('delivery_failed');
  await dialog.getByRole('button', { name: 'Change status' }).click();
  await expect(dialog.getByText('Delivery Attempt Failed needs a reason')).toBeVisible();
  await expectNoViolations(page, 'change status with an error');

  await dialog.getByLabel('New status').selectOption('on_hold');
  await dialog.getByLabel('Note').fill('Held at the depot for the holiday');
  await dialog.getByRole('button', { name: 'Change status' }).click();
  await expect(dialog.getByRole('status')).toHaveText(
    '20 changed; 3 not changed: 1 already On Hold, 2 delivered or returned (change them one at a time).',
  );
  await expectNoViolations(page, 'change status result');
  await dialog.getByRole('button', { name: 'Close' }).last().click();

  // The list is read again: the page (the 20 newest, all in transit before) now on hold, the selection done with.
  await expect(page.getByRole('row').filter({ hasText: 'In Transit' })).toHaveCount(0);
  await expect(page.getByRole('row').filter({ hasText: 'On Hold' })).toHaveCount(20);
  await expect(page.getByRole('checkbox', { name: `Select ${numbers[22]}` })).not.toBeChecked();
  await expect(page.getByRole('button', { name: /^Change status/ })).toHaveCount(0);
});

test('the ticked rows export as a CSV of just those shipments', async ({ page }) => {
  test.setTimeout(90_000);
  const { numbers, type } = await makeShipments(['processing', 'processing', 'processing']);
  await signedIn(page, `/admin/shipments?type=${encodeURIComponent(type)}`);
  await expect(page.getByText('Showing 1-3 of 3 shipments')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('checkbox', { name: `Select ${numbers[0]}` }).check();
  await page.getByRole('checkbox', { name: `Select ${numbers[2]}` }).check();
  await expect(page.getByRole('status').filter({ hasText: /selected/ })).toHaveText('2 shipments selected.');

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export selected as CSV' }).click();
  const download = await downloading;
  const lines = (await readFile((await download.path()) as string, 'utf8')).trimEnd().split('\r\n');
  expect(lines[0]).toMatch(/^Tracking number,Status,/);
  expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual([numbers[2], numbers[0]]);
});

test.describe('at 390 px', () => {
  test.use({ viewport: PHONE });

  test('the page has its select-all box, every match can be selected, and nothing scrolls sideways', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const { type } = await makeShipments(Array<string>(22).fill('preparing'));
    await signedIn(page, `/admin/shipments?type=${encodeURIComponent(type)}`);
    await expect(page.getByText('Showing 1-20 of 22 shipments')).toBeVisible({ timeout: 30_000 });
    const pageBox = page.getByRole('checkbox', { name: 'Select every shipment on this page' });
    await expect(pageBox).toBeVisible();
    await pageBox.focus();
    await page.keyboard.press('Space');
    await expect(pageBox).toBeChecked();
    await page.getByRole('button', { name: 'Select all 22 matching' }).click();
    await expect(page.getByRole('button', { name: 'Change status (22)' })).toBeVisible();
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    await page.getByRole('button', { name: 'Clear selection' }).click();
    await expect(pageBox).not.toBeChecked();
    await expect(page.getByRole('button', { name: /^Change status/ })).toHaveCount(0);
  });
});
