import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { openE2eDatabase } from '../../helpers/e2e-db';
import { signedIn } from './session';

// A dispatcher imports a file of 50 shipments, 3 of them with errors: the preview shows the errors on their
// cells, 47 import; the same file again creates nothing; the failed rows download to be fixed. Writing 50
// shipments in one call takes seconds when the machine is busy: the imports' answers get a minute.

const HEADINGS =
  'Order reference,Sender name,Recipient name,Recipient address,From,To,Status,Weight (kg),Recipient email';

/** 50 rows of this run's own references; rows 11, 21 and 31 of the sheet (data rows 10, 20, 30) are wrong. */
function ordersCsv(stamp: string): Buffer {
  const lines = Array.from({ length: 50 }, (_, index) => {
    const n = index + 1;
    const weight = n === 10 ? 'heavy' : String(n);
    const status = n === 20 ? 'Lost somewhere' : 'Preparing';
    const email = n === 30 ? 'not-an-email' : `person${n}@example.com`;
    return `${stamp}-${n},Fjord Foods,Person ${n},"Storgata ${n}, Tromsø","Oslo, Norway","Tromsø, Norway",${status},${weight},${email}`;
  });
  return Buffer.from(`${HEADINGS}\r\n${lines.join('\r\n')}\r\n`, 'utf8');
}

/** The preview's row of the sheet's row `line`. */
const rowOf = (page: Page, line: number) =>
  page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: String(line), exact: true }) });

async function choose(page: Page, name: string, buffer: Buffer) {
  await page.getByLabel('File to import').setInputFiles({ name, mimeType: 'text/csv', buffer });
}

test('a person imports a CSV file, sees its errors, imports it again and downloads the failed rows', async ({
  page,
}) => {
  // Two imports, a download and an axe run: minutes on a busy two-core machine.
  test.setTimeout(240_000);
  await signedIn(page, '/admin/shipments');
  await page.getByRole('link', { name: 'Import', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Import shipments' })).toBeVisible();

  const stamp = `E2E${Date.now().toString(36)}`;
  const file = ordersCsv(stamp);
  await choose(page, `${stamp}.csv`, file);
  await expect(page.getByTestId('import-counts')).toHaveText('50 rows: 47 ready to import, 3 with errors.');
  // The headings were matched, aliases included.
  await expect(page.getByLabel('Column 1: Order reference')).toHaveValue('reference');
  await expect(page.getByLabel('Column 6: To')).toHaveValue('destination');
  // Each error is on its cell; those rows cannot be ticked.
  const refused = page.getByRole('checkbox', { name: /has errors: it cannot be imported/ });
  await expect(refused).toHaveCount(3);
  for (const box of await refused.all()) await expect(box).toBeDisabled();
  await expect(rowOf(page, 11).getByText('Must be a number')).toBeVisible();
  await expect(rowOf(page, 31).getByText('Must be a valid email address')).toBeVisible();
  await expect(rowOf(page, 21).getByText(/^Must be one of/)).toBeVisible();

  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(violations.map((violation) => violation.id)).toEqual([]);

  await page.getByRole('button', { name: 'Import 47 rows' }).click();
  await expect(page.getByText('Import finished: 47 created, 0 already imported, 3 failed.')).toBeVisible({
    timeout: 60_000,
  });

  // The same file again: nothing new.
  await choose(page, `${stamp}.csv`, file);
  await expect(page.getByTestId('import-counts')).toHaveText('50 rows: 47 ready to import, 3 with errors.');
  await page.getByRole('button', { name: 'Import 47 rows' }).click();
  await expect(page.getByText('Import finished: 0 created, 47 already imported, 3 failed.')).toBeVisible({
    timeout: 60_000,
  });

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download the failed rows' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^import-\d+-failed-rows\.csv$/);
  const lines = (await readFile((await download.path()) as string, 'utf8')).trimEnd().split('\r\n');
  expect(lines).toHaveLength(4);
  expect(lines[0]).toMatch(/^Reference,Customer,/);
  expect(lines[1]).toContain(`${stamp}-10,`);
  expect(lines[1]).toMatch(/,11,Weight \(kg\): Must be a number$/);
  expect(lines[3]).toMatch(/,31,Recipient email: Must be a valid email address$/);

  // Both imports are in the history.
  const history = page.getByRole('region', { name: 'Import history' });
  await expect(history.getByRole('row').filter({ hasText: `${stamp}.csv` })).toHaveCount(2);

  // An imported shipment shows its order reference to staff, and prints it on its label.
  const db = openE2eDatabase();
  let number: string;
  try {
    const { rows } = await db.execute({
      sql: 'SELECT tracking_number FROM shipments WHERE reference = ?',
      args: [`${stamp}-7`],
    });
    number = String(rows[0]?.tracking_number);
  } finally {
    db.close();
  }
  await page.goto(`/admin/view_shipment/${number}`);
  await expect(page.getByRole('definition').filter({ hasText: `${stamp}-7` })).toBeVisible();
  await page.goto(`/admin/waybills?numbers=${number}&format=label`);
  await expect(page.getByRole('article', { name: `Label ${number}` })).toContainText(`Ref: ${stamp}-7`);
});
