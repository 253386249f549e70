import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { buildSeedShipments } from '../../../db/seed';
import { openE2eDatabase } from '../../helpers/e2e-db';
import { hoursAgo, shipmentWith } from '../../helpers/exceptions';
import { signedIn } from '../admin/session';
import { decodeBarcode } from './barcodes';

const seeded = buildSeedShipments();
const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

async function expectNoViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze();
  expect(violations.map((v) => `${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

test('Print waybill opens a print page whose barcode and QR code scan back to the shipment', async ({
  page,
  context,
  baseURL,
}) => {
  const shipment = seeded[25]!;
  await signedIn(page, `/admin/view_shipment/${shipment.tracking_number}`);
  const [waybill] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('link', { name: 'Print waybill' }).click(),
  ]);
  await expect(waybill).toHaveURL(new RegExp(`/admin/waybills\\?numbers=${shipment.tracking_number}$`));
  const sheet = waybill.getByRole('article', { name: `Waybill ${shipment.tracking_number}` });
  await expect(sheet).toBeVisible();
  await expect(sheet).toContainText('Northeast Express Cargo');
  await expect(sheet).toContainText('1500 Capitol Mall');
  await expect(sheet).toContainText(shipment.sender_name);
  await expect(sheet).toContainText(shipment.recipient_name);
  await expect(sheet).toContainText(shipment.recipient_address);
  await expect(sheet).toContainText(shipment.contents!);

  const barcode = sheet.getByRole('img', { name: `Code 128 barcode of ${shipment.tracking_number}` });
  const qr = sheet.getByRole('img', { name: /^QR code of / });
  await expect(barcode).toBeVisible();
  await expect(qr).toBeVisible();
  expect(await barcode.evaluate((image: HTMLImageElement) => image.src.startsWith('data:image/svg+xml'))).toBe(true);
  expect(await decodeBarcode(context, barcode, 'code128')).toBe(shipment.tracking_number);
  expect(await decodeBarcode(context, qr, 'qr')).toBe(`${baseURL}/track?number=${shipment.tracking_number}`);
  await expectNoViolations(waybill);

  // On paper: the toolbar goes, the waybill stays.
  await waybill.emulateMedia({ media: 'print' });
  await expect(waybill.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(sheet).toBeVisible();

  await waybill.emulateMedia({ media: 'screen' });
  await waybill.getByLabel('Label (4 × 6 in)').check();
  const label = waybill.getByRole('article', { name: `Label ${shipment.tracking_number}` });
  await expect(label).toBeVisible();
  const size = await label.boundingBox();
  // 4 × 6 in at 96 CSS pixels per inch.
  expect([Math.round(size!.width), Math.round(size!.height)]).toEqual([384, 576]);
  expect(await decodeBarcode(context, label.getByRole('img', { name: /^Code 128 barcode/ }), 'code128')).toBe(
    shipment.tracking_number,
  );
});

test('selected shipments print their labels in one go', async ({ page, context }) => {
  // Three shipments of this test's own (one piece each), found by the word in their recipients' names.
  const tag = `Labelmark${Date.now()}`;
  const numbers: string[] = [];
  const db = openE2eDatabase();
  try {
    for (const name of ['Ada', 'Ben', 'Cy']) {
      numbers.push(
        await shipmentWith(db, [{ status: 'preparing', at: hoursAgo(1) }], { recipient_name: `${name} ${tag}` }),
      );
    }
  } finally {
    db.close();
  }
  await signedIn(page, `/admin/shipments?q=${tag}`);
  await expect(page.getByRole('checkbox', { name: /^Select NEC/ })).toHaveCount(3);
  // The selection's actions show once something is selected.
  const printLabels = page.getByRole('link', { name: /^Print labels/ });
  await expect(printLabels).toHaveCount(0);
  for (const number of numbers) await page.getByRole('checkbox', { name: `Select ${number}` }).check();
  const [labels] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('link', { name: 'Print labels (3)' }).click(),
  ]);
  await expect(labels.getByRole('heading', { level: 1 })).toHaveText('Labels (3)');
  for (const number of numbers) {
    await expect(labels.getByRole('article', { name: `Label ${number}` })).toBeVisible();
  }
  await expect(labels.getByLabel('Label (4 × 6 in)')).toBeChecked();
  await expectNoViolations(labels);

  // With one left out, select every shipment on the page, then none.
  await page.getByRole('checkbox', { name: `Select ${numbers[0]}` }).uncheck();
  await expect(page.getByRole('link', { name: 'Print labels (2)' })).toBeVisible();
  await page.getByRole('checkbox', { name: 'Select every shipment on this page' }).check();
  await expect(page.getByRole('link', { name: 'Print labels (3)' })).toBeVisible();
  await page.getByRole('checkbox', { name: 'Select every shipment on this page' }).uncheck();
  await expect(printLabels).toHaveCount(0);
});
