import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { driverWithStops } from '../../helpers/driver-stops';
import { openE2eDatabase } from '../../helpers/e2e-db';
import { SERVER, signInToDriver } from '../driver/screen';
import { decodeBarcode } from '../integrations/barcodes';
import { signedIn } from './session';

// A shipment of three pieces: made on the Add New Shipment page, printed as three labels each with its own
// barcode, handed over piece by piece on the driver's screen, delivered with the last one.

const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

async function expectNoViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze();
  expect(violations.map((v) => `${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

/** A driver with today's run (no stops yet), and the shipment put on it as its one stop. */
async function onDriversRun(number: string) {
  const account = { email: `driver-pieces-${Date.now()}@nec-cargo.example`, password: 'a driver e2e password' };
  const db = openE2eDatabase();
  try {
    const { date } = await driverWithStops(db, { ...account, stops: 0 });
    await db.execute({
      sql: `INSERT INTO run_stops (shipment_id, run_id, position)
            SELECT s.id, r.id, 1 FROM shipments s, runs r JOIN admin_users u ON u.id = r.driver_id
            WHERE s.tracking_number = ? AND u.email = ? AND r.run_date = ?`,
      args: [number, account.email, date],
    });
  } finally {
    db.close();
  }
  return account;
}

test('a person ships three pieces, prints a label for each, and the driver delivers them one by one', async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(180_000);
  await signedIn(page, '/admin/new_shipment');
  await expect(page.getByRole('heading', { level: 1, name: 'Add New Shipment' })).toBeVisible();
  const number = await page.getByLabel('Tracking number').inputValue();

  await page.getByLabel('Sender name (required)').fill('Pieces Sender');
  await page.getByLabel('Recipient name (required)').fill('Pieces Recipient');
  await page.getByLabel('Recipient address (required)').fill('1 Elm Street, Sacramento, USA');
  await page.getByLabel('Origin (required)').fill('Portland, USA');
  await page.getByLabel('Destination (required)').fill('Sacramento, USA');
  const pieces = page.getByRole('group', { name: 'Pieces' });
  const piece = (n: number) => pieces.getByRole('group', { name: `Piece ${n} of 3` });
  await pieces.getByRole('button', { name: 'Add piece' }).click();
  await pieces.getByRole('button', { name: 'Add piece' }).click();
  await piece(1).getByLabel('Weight (kg)').fill('5');
  await piece(1).getByLabel('Length (cm)').fill('50');
  await piece(1).getByLabel('Width (cm)').fill('40');
  await piece(1).getByLabel('Height (cm)').fill('30');
  await piece(2).getByLabel('Weight (kg)').fill('2.5');
  await piece(3).getByLabel('Weight (kg)').fill('-1');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('alert')).toContainText('Piece 3 weight: Must not be negative');
  await expect(piece(3).getByLabel('Weight (kg)')).toHaveAttribute('aria-invalid', 'true');
  await piece(3).getByLabel('Weight (kg)').fill('1');
  await expect(pieces).toContainText('Total weight: 8.5 kg (18.7 lbs)');
  await expect(pieces).toContainText('Volumetric weight: 12 kg (26 lbs)');
  await expectNoViolations(page);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(`Shipment ${number} added successfully!`)).toBeVisible(SERVER);

  // The view: the total, the volumetric weight and each piece with its barcode.
  await page.goto(`/admin/view_shipment/${number}`);
  const table = page.getByRole('table', { name: `Pieces of ${number}` });
  await expect(table.getByRole('row')).toHaveCount(4);
  for (const n of [1, 2, 3]) await expect(table).toContainText(`${number}-${n}`);
  await expect(page.getByRole('definition').filter({ hasText: /^8\.5 kg/ })).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: /^12 kg/ })).toBeVisible();
  await expectNoViolations(page);

  // Three labels, "1 of 3" to "3 of 3", each scanning back to its own piece.
  const [labels] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('link', { name: /^Print labels/ }).click(),
  ]);
  await expect(labels.getByRole('heading', { level: 1 })).toHaveText('Labels (3)');
  for (const n of [1, 2, 3]) {
    const label = labels.getByRole('article', { name: `Label ${number}-${n}, Piece ${n} of 3` });
    await expect(label).toContainText(`Piece ${n} of 3`);
    expect(await decodeBarcode(context, label.getByRole('img', { name: /^Code 128 barcode/ }), 'code128')).toBe(
      `${number}-${n}`,
    );
  }
  await expectNoViolations(labels);
  await labels.close();

  // The driver scans each label at the door (typed here, as the scanner fills the same box) and hands it over.
  const account = await onDriversRun(number);
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const driver = await phone.newPage();
  await signInToDriver(driver, account);
  const stop = driver.getByRole('listitem', { name: `1. ${number}` });
  const handOver = async (n: number) => {
    await driver.getByLabel('Tracking number').fill(`${number}-${n}`.toLowerCase());
    await driver.getByRole('button', { name: 'Find' }).click();
    await expect(driver.getByText(`Stop 1: ${number}, piece ${n} of 3`)).toBeVisible();
    const button = stop.getByRole('button', { name: `Piece ${n} delivered` });
    await expect(button).toBeFocused();
    await button.click();
  };
  await handOver(2);
  await handOver(1);
  await expect(stop.getByText('2 of 3 pieces delivered')).toBeVisible(SERVER);
  await expectNoViolations(driver);

  // Meanwhile the shipment view and the public page say so.
  await page.reload();
  await expect(page.getByText('2 of 3 pieces delivered')).toBeVisible();
  const visitor = await browser.newPage();
  await visitor.goto(`/track?number=${number}`);
  await expect(visitor.getByTestId('pieces-delivered')).toHaveText('2 of 3 pieces delivered', SERVER);
  await visitor.close();

  await handOver(3);
  await expect(stop.getByText('3 pieces, all delivered')).toBeVisible(SERVER);
  await expect(stop.getByRole('button', { name: /^Piece \d delivered$/ })).toHaveCount(0);
  await phone.close();

  await page.reload();
  await expect(page.getByRole('definition').getByText('Delivered', { exact: true })).toBeVisible();
  await expect(table.getByRole('cell', { name: 'Not yet' })).toHaveCount(0);
});
