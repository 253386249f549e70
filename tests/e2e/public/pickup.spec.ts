import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { addDays, dateIn } from '../../../src/lib/company-day';
import { isPickupDay } from '../../../src/lib/pickup-hours';
import { mailedLink } from '../admin/mailbox';
import { signedIn } from '../admin/session';

// A pickup as a customer books it: the form on the public site (a closed day refused, naming the day),
// the confirmation as the customer's mailbox has it, and the emailed link's page, where the
// pickup is moved to another day and then cancelled; and a day the office closes, refused on the form.

async function expectNoViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(violations.map((v) => `${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

/** Business days from two days ahead in the company's zone (its headquarters', as the e2e server keeps it). */
function businessDays(count: number): string[] {
  const days: string[] = [];
  for (let date = addDays(dateIn('America/Los_Angeles', Date.now()), 2); days.length < count; date = addDays(date, 1)) {
    if (isPickupDay(date)) days.push(date);
  }
  return days;
}
const saturday = () =>
  [2, 3, 4, 5, 6, 7, 8]
    .map((days) => addDays(dateIn('America/Los_Angeles', Date.now()), days))
    .find((date) => new Date(`${date}T12:00:00Z`).getUTCDay() === 6)!;

test('a customer books a pickup, gets the confirmation, moves it and then cancels it', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const stamp = Date.now().toString(36);
  const email = `pickup-${stamp}@example.com`;
  const [first, second] = businessDays(2) as [string, string];

  await page.goto('/services');
  await page.getByRole('link', { name: 'Schedule a pickup' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Schedule a pickup' })).toBeVisible();
  await expect(page.locator('astro-island[component-url*="PickupForm"]:not([ssr])')).toHaveCount(1);
  await expectNoViolations(page);

  const form = page.getByRole('form', { name: 'Schedule a pickup' });
  await form.getByLabel('Your name').fill(`Pat Pickup ${stamp}`);
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Phone (for the driver)').fill('+1 916 555 0177');
  await form.getByLabel('Pickup address').fill('200 River Street');
  await form.getByLabel('City').fill('Sacramento');
  await form.getByLabel('Day').fill(saturday());
  await form.getByLabel('Time window').selectOption('12:00–15:00');
  await form.getByLabel('Number of pieces').fill('2');
  await form.getByLabel('Total weight in kg').fill('8');
  await form.getByRole('button', { name: 'Book the pickup' }).click();
  // A closed day is named on its field, and focus goes there.
  await expect(form.getByLabel('Day')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByLabel('Day')).toBeFocused();
  await expect(form.getByText('We collect Monday to Friday')).toBeVisible();
  await expectNoViolations(page);

  await form.getByLabel('Day').fill(first);
  await form.getByRole('button', { name: 'Book the pickup' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your pickup is booked' })).toBeVisible();

  const link = await mailedLink(email, 'pickup_confirmed', '/pickup-manage');
  const customer = await (await browser.newContext()).newPage();
  await customer.goto(`${link.pathname}${link.hash}`);
  await expect(customer.getByRole('heading', { level: 1, name: 'Your pickup' })).toBeVisible();
  await expect(customer.getByText('200 River Street, Sacramento')).toBeVisible();
  await expect(customer.getByRole('definition').filter({ hasText: '12:00–15:00' })).toBeVisible();
  await expectNoViolations(customer);

  await customer.getByLabel('New day').fill(second);
  await customer.getByLabel('New time window').selectOption('15:00–18:00');
  await customer.getByRole('button', { name: 'Move the pickup' }).click();
  await expect(customer.getByRole('status')).toContainText('Your pickup is moved');
  await expect(customer.getByRole('definition').filter({ hasText: '15:00–18:00' })).toBeVisible();

  await customer.getByRole('button', { name: 'Cancel the pickup' }).click();
  await expect(customer.getByRole('status')).toContainText('Your pickup is cancelled');
  await expect(customer.getByRole('button', { name: 'Cancel the pickup' })).toHaveCount(0);
  await expectNoViolations(customer);

  // The same link, opened again later, still says what became of the pickup.
  await customer.reload();
  await expect(customer.getByText('Cancelled', { exact: true })).toBeVisible();
});

test('a day the office closes in Settings is refused on the public form, naming the day', async ({ page, browser }) => {
  test.setTimeout(120_000);
  // Far enough ahead that no other test books it.
  const closed = businessDays(12).at(-1)!;
  // Booked before the day closes: the office is told it is still to collect.
  const booked = await page.request.post('/api/pickups', {
    data: {
      name: 'Early Bird',
      email: `early-${Date.now().toString(36)}@example.com`,
      phone: '+1 916 555 0179',
      address: '400 River Street',
      city: 'Sacramento',
      pickup_date: closed,
      pickup_window: '12-15',
      pieces: 1,
      weight_kg: 2,
    },
  });
  expect(booked.status()).toBe(201);
  await signedIn(page, '/admin/settings');
  const card = page.getByRole('form', { name: 'Closed days' });
  await card.getByLabel('Day to add').fill(closed);
  await card.getByRole('button', { name: 'Add Day' }).click();
  await expect(card.locator(`time[datetime="${closed}"]`)).toBeVisible();
  await expect(card.getByRole('status')).toHaveText('Changes not saved yet.');
  // Before the save's toast, which fades in.
  await expectNoViolations(page);
  await card.getByRole('button', { name: 'Save Closed Days' }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Closed days saved' })).toBeVisible();
  await expect(card.getByRole('status')).toHaveText('');
  await expect(card.getByRole('link', { name: '1 pickup still booked' })).toHaveAttribute(
    'href',
    `/admin/pickups?date=${closed}`,
  );
  await page.reload();
  await expect(card.locator(`time[datetime="${closed}"]`)).toBeVisible({ timeout: 30_000 });
  await expect(card.getByRole('link', { name: '1 pickup still booked' })).toBeVisible();

  const customer = await (await browser.newContext()).newPage();
  await customer.goto('/pickup');
  await expect(customer.locator('astro-island[component-url*="PickupForm"]:not([ssr])')).toHaveCount(1);
  const form = customer.getByRole('form', { name: 'Schedule a pickup' });
  await form.getByLabel('Your name').fill('Hal Holiday');
  await form.getByLabel('Email').fill(`holiday-${Date.now().toString(36)}@example.com`);
  await form.getByLabel('Phone (for the driver)').fill('+1 916 555 0178');
  await form.getByLabel('Pickup address').fill('300 River Street');
  await form.getByLabel('City').fill('Sacramento');
  await form.getByLabel('Day').fill(closed);
  await form.getByLabel('Time window').selectOption('09:00–12:00');
  await form.getByLabel('Number of pieces').fill('1');
  await form.getByLabel('Total weight in kg').fill('3');
  await form.getByRole('button', { name: 'Book the pickup' }).click();
  await expect(form.getByText(`We are closed on ${closed}: choose another day`)).toBeVisible();
  await expect(form.getByLabel('Day')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByLabel('Day')).toBeFocused();

  // Open again: the day's Remove button goes with it, and focus goes on to adding a day.
  await card.getByRole('button', { name: /^Remove / }).focus();
  await page.keyboard.press('Enter');
  await expect(card.locator(`time[datetime="${closed}"]`)).toHaveCount(0);
  await expect(card.getByLabel('Day to add')).toBeFocused();
  await card.getByRole('button', { name: 'Save Closed Days' }).click();
  await expect(card.getByText('No closed days.')).toBeVisible();
  await expect(card.getByRole('status')).toHaveText('');
});
