import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { addDays } from '../../../src/lib/company-day';
import { openE2eDatabase } from '../../helpers/e2e-db';
import { assignFromPage, createDriver, type Driver } from '../../helpers/runs';
import { newAccount, signInAs } from './staff-accounts';

// Runs, as a dispatcher plans them: three shipments put on a driver's run from the list in one go, the
// stops reordered with the keyboard, one moved to the next day, the run sheet printed, and the moved
// shipment's assignment history read on its own screen.

async function expectNoViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(violations.map((v) => `${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

async function dispatcherAndDriver(): Promise<{ account: { email: string; password: string }; driver: Driver }> {
  const account = await newAccount('runs-dispatcher');
  const db = openE2eDatabase();
  try {
    await db.execute({ sql: "UPDATE admin_users SET role = 'dispatcher' WHERE email = ?", args: [account.email] });
    return { account, driver: await createDriver(db, `Dana Runs ${Date.now()}`) };
  } finally {
    db.close();
  }
}

async function createShipment(page: Page, recipient: string): Promise<string> {
  const created = await page.request.post('/api/add_tracking', {
    data: {
      status: 'in_transit',
      sender_name: 'Runs Sender',
      recipient_name: recipient,
      recipient_address: `${recipient.length} Elm Street, Sacramento, USA`,
      recipient_phone: '+1 916 555 0123',
      origin: 'Oakland, USA',
      destination: 'Sacramento, USA',
    },
  });
  expect(created.status()).toBe(201);
  return (await created.json()).data.tracking_number;
}

test('a dispatcher assigns three shipments in bulk, reorders them, moves one to the next day, prints the sheet and reads the history', async ({
  page,
}) => {
  // A sign-in, four shipments, several screens and two axe runs: longer than the usual 45 s on a busy machine.
  test.setTimeout(180_000);
  const { account, driver } = await dispatcherAndDriver();
  await signInAs(page, account);
  const tag = `Runsmark${Date.now()}`;
  const numbers: string[] = [];
  for (const name of ['Ada', 'Ben', 'Cy']) numbers.push(await createShipment(page, `${name} ${tag}`));

  // The list: select every shipment on the page (the three found), then assign them to the driver, today.
  await page.goto(`/admin/shipments?q=${tag}`);
  await expect(page.getByRole('checkbox', { name: /^Select NEC/ })).toHaveCount(3);
  await page.getByRole('checkbox', { name: 'Select every shipment on this page' }).check();
  await page.getByRole('button', { name: 'Assign to run (3)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Assign to run' });
  await dialog.getByLabel('Driver').selectOption({ label: driver.name });
  const today = await dialog.getByLabel('Date').inputValue();
  await dialog.getByRole('button', { name: 'Assign to run' }).click();
  await expect(dialog.getByRole('status')).toContainText(`3 shipments assigned to ${driver.name}`);
  await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();

  // Tomorrow's run already has a stop (through the API): the moved one goes after it.
  const tomorrow = addDays(today, 1);
  const early = await createShipment(page, `Early ${tag}`);
  await assignFromPage(page, { driver_id: driver.id, run_date: tomorrow, tracking_numbers: [early] });

  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Runs' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Runs' })).toBeVisible();
  const run = page.getByRole('region', { name: new RegExp(driver.name) });
  const stops = run.getByRole('list', { name: new RegExp(`^Stops of ${driver.name}`) }).getByRole('listitem');
  await expect(stops).toHaveCount(3);
  // In the order they were selected (the list's); each number once.
  const texts = await stops.allTextContents();
  const order = texts.map((text) => numbers.find((number) => text.includes(number)));
  expect([...order].sort()).toEqual([...numbers].sort());
  const [first, second, third] = order as [string, string, string];

  // With the keyboard: the third up once, to second place; focus stays on its button.
  await run.getByRole('button', { name: `Move ${third} up` }).focus();
  await page.keyboard.press('Enter');
  await expect(stops.nth(1)).toContainText(third);
  await expect(stops.nth(2)).toContainText(second);
  await expect(run.getByRole('button', { name: `Move ${third} up` })).toBeFocused();
  await expectNoViolations(page);

  // The (former) second goes to tomorrow's run, after the stop already there.
  await run.getByRole('button', { name: `Move ${second} to another run` }).click();
  const move = page.getByRole('dialog', { name: 'Move to run' });
  await move.getByLabel('Driver').selectOption({ label: driver.name });
  await move.getByLabel('Date').fill(tomorrow);
  await move.getByRole('button', { name: 'Move to run' }).click();
  await expect(move.getByRole('status')).toContainText('1 of them moved from another run');
  await move.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(stops).toHaveCount(2);
  await expect(stops.nth(0)).toContainText(first);
  await expect(stops.nth(1)).toContainText(third);

  // The run sheet: each stop with its recipient, address, phone and a signature box; the toolbar does not print.
  await run.getByRole('link', { name: `Print run sheet of ${driver.name}` }).click();
  const sheet = page.getByRole('article', { name: `Run sheet of ${driver.name}` });
  await expect(sheet.getByRole('listitem')).toHaveCount(2);
  await expect(sheet.getByRole('listitem').first()).toContainText(first);
  await expect(sheet.getByRole('listitem').first()).toContainText(tag);
  await expect(sheet.getByRole('listitem').first()).toContainText('Phone +1 916 555 0123');
  await expect(sheet.getByText('Signature')).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Print' })).toBeEnabled();
  await expectNoViolations(page);
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await page.emulateMedia({ media: 'screen' });

  // Tomorrow's run: the stop that was there, then the one moved.
  await page.goto(`/admin/runs?date=${tomorrow}`);
  await expect(stops).toHaveCount(2);
  await expect(stops.nth(0)).toContainText(early);
  await expect(stops.nth(1)).toContainText(second);

  // The moved shipment's own screen: where it is now, and its history newest first, with who did it.
  await page.goto(`/admin/view_shipment/${second}`);
  const history = page.getByRole('list', { name: 'Assignment history, newest first' }).getByRole('listitem');
  await expect(page.getByText(`Stop 2 on ${driver.name}'s run of`)).toBeVisible();
  await expect(history).toHaveCount(2);
  await expect(history.nth(0)).toContainText(`Moved to ${driver.name}'s run of`);
  await expect(history.nth(1)).toContainText(`Assigned to ${driver.name}'s run of`);
  await expect(history.nth(0)).toContainText(account.email);
});
