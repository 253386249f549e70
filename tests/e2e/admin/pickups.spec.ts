import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { addDays, dateIn } from '../../../src/lib/company-day';
import { isPickupDay } from '../../../src/lib/pickup-hours';
import { openE2eDatabase } from '../../helpers/e2e-db';
import { createDriver, type Driver } from '../../helpers/runs';
import { SERVER, signInToDriver } from '../driver/screen';
import { newAccount, signInAs } from './staff-accounts';

// Pickups as the office and the driver work them: a booked pickup in the dispatcher's queue for the day,
// put on a driver's run, printed on the run sheet, and collected from the driver's screen, which books its
// shipment.

async function expectNoViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(violations.map((v) => `${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

async function dispatcherAndDriver(): Promise<{ account: { email: string; password: string }; driver: Driver }> {
  const account = await newAccount('pickups-dispatcher');
  const db = openE2eDatabase();
  try {
    await db.execute({ sql: "UPDATE admin_users SET role = 'dispatcher' WHERE email = ?", args: [account.email] });
    return { account, driver: await createDriver(db, `Pia Pickups ${Date.now()}`) };
  } finally {
    db.close();
  }
}

/** Books a pickup through the public call, then makes it today's (the form takes none this close). */
async function todaysPickup(page: Page, company: string, today: string): Promise<void> {
  let day = addDays(dateIn('America/Los_Angeles', Date.now()), 2);
  while (!isPickupDay(day)) day = addDays(day, 1);
  const booked = await page.request.post('/api/pickups', {
    data: {
      name: 'Quinn Queue',
      company,
      email: `queue-${Date.now()}@example.com`,
      phone: '+1 916 555 0190',
      address: '77 Depot Lane',
      city: 'Sacramento',
      pickup_date: day,
      pickup_window: '15-18',
      pieces: 4,
      weight_kg: 20,
    },
  });
  expect(booked.status()).toBe(201);
  const db = openE2eDatabase();
  try {
    await db.execute({
      sql: 'UPDATE pickups SET pickup_date = ? WHERE id = ?',
      args: [today, (await booked.json()).data.id],
    });
  } finally {
    db.close();
  }
}

test('a dispatcher finds a pickup in the queue and puts it on a run; the driver collects it', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const { account, driver } = await dispatcherAndDriver();
  await signInAs(page, account);
  const company = `Queue Co ${Date.now().toString(36)}`;
  const queue = await page.request.get('/api/pickups/queue');
  const today = (await queue.json()).data.today as string;
  await todaysPickup(page, company, today);

  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Pickups' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Pickups' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: company });
  await expect(row).toContainText('15:00–18:00');
  await expect(row).toContainText('Not on a run');
  await expectNoViolations(page);
  await row.getByLabel(`Driver for the pickup of Quinn Queue`).selectOption({ label: driver.name });
  await row.getByRole('button', { name: 'Assign the pickup of Quinn Queue' }).click();
  await expect(row).toContainText(driver.name, SERVER);

  // The run sheet lists it under the run's pickups.
  await row.getByRole('link', { name: new RegExp(`${driver.name}.*run sheet`) }).click();
  await expect(page.getByRole('heading', { name: /Pickups \(1\)/ })).toBeVisible(SERVER);
  await expect(page.getByText(company)).toBeVisible();

  const phone = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await signInToDriver(phone, driver);
  const card = phone.getByRole('listitem').filter({ hasText: company });
  await expect(card).toContainText('77 Depot Lane', SERVER);
  await expectNoViolations(phone);
  await card.getByRole('button', { name: 'Picked up at 77 Depot Lane' }).click();
  await expect(phone.getByText(/write NEC[A-Z0-9]{9} on the parcels/)).toBeVisible(SERVER);
  await expect(card).toContainText(/Picked up: NEC[A-Z0-9]{9}/);
});
