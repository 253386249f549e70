import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { toBuffer } from 'bwip-js/node';
import { driverWithStops } from '../../helpers/driver-stops';
import { openE2eDatabase } from '../../helpers/e2e-db';
import { hydrated } from '../admin/sign-in';
import { SERVER, signInToDriver } from './screen';

// The driver's phone screen at 390 px, as a driver uses it: signing in, finding a stop, recording what
// happened, and carrying on without signal (the actions wait on the phone and are sent once it returns).

test.use({ viewport: { width: 390, height: 844 } });

async function runOf(stops: number) {
  const account = { email: `driver-${Date.now()}-${stops}@nec-cargo.example`, password: 'a driver e2e password' };
  const db = openE2eDatabase();
  try {
    return { account, ...(await driverWithStops(db, { ...account, stops })) };
  } finally {
    db.close();
  }
}

async function historyOf(number: string) {
  const db = openE2eDatabase();
  try {
    const { rows } = await db.execute({
      sql: `SELECT h.status, h.reason FROM shipment_histories h JOIN shipments s ON s.id = h.shipment_id
            WHERE s.tracking_number = ? ORDER BY h.created_at, h.id`,
      args: [number],
    });
    return rows.map((row) => `${row.status}${row.reason ? `:${row.reason}` : ''}`);
  } finally {
    db.close();
  }
}

const stopCard = (page: Page, position: number) =>
  page.getByRole('listitem', { name: new RegExp(`^${position}\\. NEC`) });

test('a driver finds a stop, records what happened, and carries on offline', async ({ page, context }) => {
  test.setTimeout(150_000);
  const { account, numbers } = await runOf(3);
  await signInToDriver(page, account);
  await expect(page.getByText('3 stops')).toBeVisible();
  await expect(stopCard(page, 1).getByRole('link', { name: 'Call +1 916 555 0100' })).toHaveAttribute(
    'href',
    'tel:+19165550100',
  );

  // Typing a number finds its stop.
  await page.getByLabel('Tracking number').fill(numbers[1]!.toLowerCase());
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(page.getByText(`Stop 2: ${numbers[1]}`)).toBeVisible();
  await expect(stopCard(page, 2)).toBeFocused();
  await page.getByLabel('Tracking number').fill('NEC000000000');
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(page.getByText("NEC000000000 is not on today's run.")).toBeVisible();

  await stopCard(page, 1).getByRole('button', { name: 'Out for delivery' }).click();
  await expect(stopCard(page, 1).getByText('Status: Out for Delivery', { exact: true })).toBeVisible(SERVER);

  // A failed attempt needs its reason; `other` needs a note.
  await stopCard(page, 2).getByRole('button', { name: 'Failed attempt' }).click();
  const sheet = page.getByRole('dialog', { name: `Failed attempt: ${numbers[1]}` });
  await sheet.getByRole('button', { name: 'Save' }).click();
  await expect(sheet.getByText('Delivery Attempt Failed needs a reason')).toBeVisible();
  await sheet.getByLabel('Reason').selectOption({ label: 'Other' });
  await sheet.getByRole('button', { name: 'Save' }).click();
  await expect(sheet.getByText('Say what happened in the note')).toBeVisible();
  await sheet.getByLabel('Reason').selectOption({ label: 'Recipient not home' });
  await sheet.getByRole('button', { name: 'Save' }).click();
  await expect(sheet).toBeHidden();
  await expect(stopCard(page, 2).getByText('Status: Delivery Attempt Failed', { exact: true })).toBeVisible(SERVER);
  expect(await historyOf(numbers[1]!)).toEqual(['in_transit', 'delivery_failed:recipient_not_home']);

  // The delivered sheet checks its proof before anything is queued.
  await stopCard(page, 3).getByRole('button', { name: 'Delivered' }).click();
  const delivered = page.getByRole('dialog', { name: `Delivered: ${numbers[2]}` });
  await delivered.getByRole('button', { name: 'Save' }).click();
  await expect(delivered.getByText("Enter the recipient's name")).toBeVisible();
  await expect(delivered.getByText('Ask the recipient to sign')).toBeVisible();
  await delivered.getByLabel("Recipient's name").fill('Jo Smith');
  await delivered.getByRole('button', { name: 'Save' }).click();
  await expect(delivered.getByText("Enter the recipient's name")).toBeHidden();
  await expect(delivered.getByText('Ask the recipient to sign')).toBeVisible();
  const axeSheet = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axeSheet.violations.map((violation) => violation.id)).toEqual([]);
  await delivered.getByRole('button', { name: 'Cancel' }).click();
  await expect(delivered).toBeHidden();
  await expect(page.getByText(/pending \(will send when online\)/)).toHaveCount(0);

  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(violations.map((violation) => violation.id)).toEqual([]);

  // Without signal the action waits on the phone, and is sent once the network returns.
  await context.setOffline(true);
  await expect(page.getByText('Offline: actions are kept on this phone.')).toBeVisible();
  await stopCard(page, 3).getByRole('button', { name: 'Out for delivery' }).click();
  await expect(stopCard(page, 3).getByText('Out for delivery: Pending (will send when online)')).toBeVisible();
  await expect(page.getByText('1 pending (will send when online)')).toBeVisible();
  expect(await historyOf(numbers[2]!)).toEqual(['in_transit']);
  await context.setOffline(false);
  await expect(page.getByText('1 pending (will send when online)')).toBeHidden(SERVER);
  await expect(stopCard(page, 3).getByText('Status: Out for Delivery', { exact: true })).toBeVisible(SERVER);
  expect(await historyOf(numbers[2]!)).toEqual(['in_transit', 'out_for_delivery']);
});

test('a photo of a waybill barcode finds its stop; the screen is installable', async ({ page }) => {
  test.setTimeout(120_000);
  const { account, numbers } = await runOf(2);
  await signInToDriver(page, account);

  // The waybill's Code 128 as a camera sees it (on white paper, with its quiet zone): decoded in the browser.
  const photo = { scale: 3, height: 12, padding: 10, backgroundcolor: 'FFFFFF' };
  const barcode = await toBuffer({ bcid: 'code128', text: numbers[1]!, ...photo });
  await page.getByLabel('Scan').setInputFiles({ name: 'waybill.png', mimeType: 'image/png', buffer: barcode });
  await expect(page.getByText(`Stop 2: ${numbers[1]}`)).toBeVisible(SERVER);
  await expect(stopCard(page, 2)).toBeFocused();

  // A photo with no code in it says so, and the typed number still works.
  const blank = await toBuffer({ bcid: 'code128', text: 'NO-NUMBER-HERE', ...photo });
  await page.getByLabel('Scan').setInputFiles({ name: 'label.png', mimeType: 'image/png', buffer: blank });
  await expect(
    page.getByText('No tracking number found in that photo. Try again closer, or type the number.'),
  ).toBeVisible(SERVER);

  const manifest = await page.request.get(
    (await page.locator('link[rel="manifest"]').getAttribute('href')) ?? '/missing.webmanifest',
  );
  expect(manifest.status()).toBe(200);
  expect(await manifest.json()).toMatchObject({ start_url: '/driver', display: 'standalone' });
});

test('an action queued offline is sent when the screen is opened again', async ({ page, context }) => {
  test.setTimeout(120_000);
  const { account, numbers } = await runOf(1);
  await signInToDriver(page, account);
  await context.setOffline(true);
  await stopCard(page, 1).getByRole('button', { name: 'Out for delivery' }).click();
  await expect(page.getByText('1 pending (will send when online)')).toBeVisible();
  await page.close();
  expect(await historyOf(numbers[0]!)).toEqual(['in_transit']);

  await context.setOffline(false);
  const again = await context.newPage();
  await again.goto('/driver');
  await expect(stopCard(again, 1).getByText('Status: Out for Delivery', { exact: true })).toBeVisible(SERVER);
  await expect(again.getByText(/pending \(will send when online\)/)).toHaveCount(0);
  expect(await historyOf(numbers[0]!)).toEqual(['in_transit', 'out_for_delivery']);
});

test('the screen opens without signal: reloaded offline, it shows the run and pickups as last loaded and queues what is done', async ({
  page,
  context,
}) => {
  test.setTimeout(150_000);
  const { account, numbers } = await runOf(2);
  await signInToDriver(page, account);
  // The pickups load apart from the stops: the driver has seen both before the signal goes.
  await expect(page.getByRole('heading', { level: 2, name: 'Pickups (0)' })).toBeVisible(SERVER);

  // Once its worker is ready, the phone keeps the page and every file it loaded.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  const notKept = await page.evaluate(async () => {
    const files = performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((name) => new URL(name).pathname.startsWith('/_astro/'));
    const missing: string[] = [];
    for (const file of [`${location.origin}/driver`, ...files]) if (!(await caches.match(file))) missing.push(file);
    return { files: files.length, missing };
  });
  expect(notKept.files).toBeGreaterThan(0);
  expect(notKept.missing).toEqual([]);

  await context.setOffline(true);
  const reloaded = await page.reload();
  expect(reloaded?.fromServiceWorker()).toBe(true);
  await expect(page.getByRole('heading', { level: 1, name: "Today's stops" })).toBeVisible();
  await expect(page.getByText('Offline: actions are kept on this phone.')).toBeVisible();
  await expect(page.getByText('2 stops')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Pickups (0)' })).toBeVisible();
  await expect(page.getByText('No connection: showing the pickups as last loaded.')).toBeVisible();

  // The delivered sheet (loaded only when opened) comes from the phone too.
  await stopCard(page, 1).getByRole('button', { name: 'Delivered' }).click();
  const delivered = page.getByRole('dialog', { name: `Delivered: ${numbers[0]}` });
  await expect(delivered.getByRole('img', { name: 'Signature' })).toBeVisible();
  await delivered.getByRole('button', { name: 'Cancel' }).click();
  await expect(delivered).toBeHidden();

  await stopCard(page, 2).getByRole('button', { name: 'Out for delivery' }).click();
  await expect(page.getByText('1 pending (will send when online)')).toBeVisible();
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(violations.map((violation) => violation.id)).toEqual([]);
  expect(await historyOf(numbers[1]!)).toEqual(['in_transit']);

  await context.setOffline(false);
  await expect(page.getByText('1 pending (will send when online)')).toBeHidden(SERVER);
  await expect(stopCard(page, 2).getByText('Status: Out for Delivery', { exact: true })).toBeVisible(SERVER);
  expect(await historyOf(numbers[1]!)).toEqual(['in_transit', 'out_for_delivery']);
});

test('someone who is not a driver is told the screen is for drivers', async ({ page }) => {
  const { account } = await runOf(0);
  const db = openE2eDatabase();
  try {
    await db.execute({ sql: "UPDATE admin_users SET role = 'dispatcher' WHERE email = ?", args: [account.email] });
  } finally {
    db.close();
  }
  await signInToDriverAs(page, account);
  await expect(page.getByRole('heading', { level: 1, name: 'This screen is for drivers' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to the back office' })).toHaveAttribute('href', '/admin');
});

async function signInToDriverAs(page: Page, account: { email: string; password: string }) {
  await page.goto('/admin-login?next=%2Fdriver');
  await hydrated(page);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/driver');
}
