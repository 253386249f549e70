import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { buildSeedShipments } from '../../../db/seed';
import { addDays, dateIn } from '../../../src/lib/company-day';
import { isPickupDay } from '../../../src/lib/pickup-hours';
import { openE2eDatabase } from '../../helpers/e2e-db';
import { hydrated } from './helpers';

// What a person does before a page's scripts have run, or in a browser that runs none: no form puts
// what they typed in an address, and nothing typed is ignored.

const shipments = buildSeedShipments();

async function audit(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Holds an island's script until `release` is called: the page shows its HTML, and nothing hydrates it. */
async function holdScript(page: Page, component: string): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(new RegExp(`/_astro/${component}\\.[^/]+\\.js$`), async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

async function storedQuotes(email: string) {
  const db = openE2eDatabase();
  try {
    const { rows } = await db.execute({
      sql: 'SELECT name, phone, service, origin FROM quote_requests WHERE email = ?',
      args: [email],
    });
    return rows.map((row) => ({ ...row }));
  } finally {
    db.close();
  }
}

/** Every address the page asks for, to prove none carries what was typed. */
function addressesOf(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  return urls;
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the quote form posts: the request is stored, the thank-you page shows and no address holds the details', async ({
    page,
  }) => {
    const urls = addressesOf(page);
    const email = `no-script-${Date.now()}@example.com`;
    await page.goto('/');
    const form = page.getByRole('form', { name: 'Request a quote' });
    await form.getByLabel('Name').fill('Nora Noscript');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel(/Phone/).fill('+1 916 555 0175');
    await form.getByLabel('Service').selectOption('Air Freight');
    await form.getByLabel(/From/).fill('Porto, Portugal');
    await form.getByRole('button', { name: 'Request a Quote' }).click();

    await expect(page.getByRole('heading', { name: 'Quote request sent' })).toBeVisible();
    await expect(page.getByText('We will contact you within one business day')).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/quote-sent/');
    for (const url of urls) {
      expect(new URL(url).search).toBe('');
      expect(url).not.toContain('Noscript');
    }
    expect(await storedQuotes(email)).toEqual([
      { name: 'Nora Noscript', phone: '+1 916 555 0175', service: 'Air Freight', origin: 'Porto, Portugal' },
    ]);
  });

  test('the pickup form posts: the pickup is booked with its confirmation, and the page says so', async ({ page }) => {
    const urls = addressesOf(page);
    const email = `no-script-pickup-${Date.now()}@example.com`;
    let day = addDays(dateIn('America/Los_Angeles', Date.now()), 2);
    while (!isPickupDay(day)) day = addDays(day, 1);
    await page.goto('/pickup');
    const form = page.getByRole('form', { name: 'Schedule a pickup' });
    await form.getByLabel('Your name').fill('Pia Plainform');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel(/Phone/).fill('+1 916 555 0188');
    await form.getByLabel('Pickup address').fill('9 Dock Street');
    await form.getByLabel('City').fill('Sacramento');
    await form.getByLabel('Day').fill(day);
    await form.getByLabel('Time window').selectOption('09:00–12:00');
    await form.getByLabel('Number of pieces').fill('1');
    await form.getByLabel('Total weight in kg').fill('3');
    await form.getByRole('button', { name: 'Book the pickup' }).click();

    await expect(page.getByRole('heading', { name: 'Pickup booked' })).toBeVisible();
    await expect(page.getByText('We have emailed you a confirmation')).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/pickup-booked/');
    for (const url of urls) expect(new URL(url).search).toBe('');
    const db = openE2eDatabase();
    try {
      const { rows } = await db.execute({
        sql: `SELECT p.name, p.pickup_date, (SELECT count(*) FROM outbox o WHERE o.recipient = p.email) AS mails
              FROM pickups p WHERE p.email = ?`,
        args: [email],
      });
      expect(rows.map((row) => ({ ...row }))).toEqual([{ name: 'Pia Plainform', pickup_date: day, mails: 1 }]);
    } finally {
      db.close();
    }
  });

  test('a quote form with faults answers a page naming them, with the way back', async ({ page }) => {
    const urls = addressesOf(page);
    await page.goto('/');
    const form = page.getByRole('form', { name: 'Request a quote' });
    await form.getByLabel('Email').fill('not-an-email');
    await form.getByRole('button', { name: 'Request a Quote' }).click();

    await expect(page.getByRole('heading', { name: 'Your quote request was not sent' })).toBeVisible();
    const faults = page.getByRole('listitem');
    await expect(faults).toHaveText([
      'Please enter your name',
      'Please enter a valid email address',
      'Please select a service',
    ]);
    expect(urls.every((url) => !url.includes('not-an-email'))).toBe(true);
    await page.getByRole('link', { name: 'open the form again' }).click();
    await expect(page.getByRole('form', { name: 'Request a quote' })).toBeVisible();
  });
});

// axe runs as a script, so these pages are audited in a browser that runs them.
test('the thank-you page and the pickup-booked page have no WCAG 2.2 AA violations', async ({ page }) => {
  for (const path of ['/quote-sent/', '/pickup-booked/']) {
    await page.goto(path);
    await audit(page);
  }
});

test('the page naming a plain form’s faults has no WCAG 2.2 AA violations', async ({ page }) => {
  await page.goto('/');
  // The form as a browser sends it without the script (submit() skips the script's handler), empty.
  await page.evaluate(() => document.querySelector<HTMLFormElement>('form[aria-label="Request a quote"]')!.submit());
  await expect(page.getByRole('heading', { name: 'Your quote request was not sent' })).toBeVisible();
  await audit(page);
});

test('a quote typed before the form’s script ran is what is sent once it runs', async ({ page }) => {
  const release = await holdScript(page, 'QuoteForm');
  const email = `early-quote-${Date.now()}@example.com`;
  await page.goto('/');
  const form = page.getByRole('form', { name: 'Request a quote' });
  await form.scrollIntoViewIfNeeded();
  await form.getByLabel('Name').fill('Eli Early');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Service').selectOption('Warehousing');
  release();
  await hydrated(page, 'QuoteForm');
  await form.getByRole('button', { name: 'Request a Quote' }).click();
  // Its checks are fetched on this first use, then the request is sent: on a busy machine, a while.
  await expect(form.getByRole('status')).toContainText('Thank you', { timeout: 30_000 });
  expect(new URL(page.url()).search).toBe('');
  expect(await storedQuotes(email)).toEqual([{ name: 'Eli Early', phone: '', service: 'Warehousing', origin: null }]);
});

test('a tracking number typed before the widget’s script ran is tracked once it runs', async ({ page }) => {
  const { tracking_number: number } = shipments[18]!;
  const release = await holdScript(page, 'TrackingWidget');
  await page.goto('/track');
  await page.getByLabel('Tracking numbers').fill(number);
  release();
  await hydrated(page, 'TrackingWidget');
  await page.getByRole('button', { name: 'Track Shipment' }).click();
  await expect(page.getByRole('heading', { name: `Shipment #${number}` })).toBeVisible();
  await expect(page.getByText('Please enter a tracking number')).toHaveCount(0);
});

test('Track Shipment pressed before the widget’s script ran opens the shareable address, tracked once it runs', async ({
  page,
}) => {
  const { tracking_number: number } = shipments[19]!;
  const release = await holdScript(page, 'TrackingWidget');
  await page.goto('/track');
  await page.getByLabel('Tracking numbers').fill(number.toLowerCase());
  await page.getByRole('button', { name: 'Track Shipment' }).click();
  await expect(page).toHaveURL(new RegExp(`/track/?\\?number=${number.toLowerCase()}$`));
  release();
  await expect(page.getByRole('heading', { name: `Shipment #${number}` })).toBeVisible();
});

test('the sign-in form is not sent before its script runs, then sends what was typed', async ({ page }) => {
  const urls = addressesOf(page);
  const release = await holdScript(page, 'LoginForm');
  const sent: string[] = [];
  // Answered here: a wrong sign-in from the tests' address must not spend its sign-in budget.
  await page.route('**/api/admin/login', async (route) => {
    sent.push(route.request().postData() ?? '');
    await route.fulfill({
      status: 401,
      contentType: 'application/json',
      body: JSON.stringify({ status: 'error', message: 'Invalid credentials' }),
    });
  });
  await page.goto('/admin-login');
  await page.getByLabel('Email').fill('early@example.com');
  await page.getByLabel('Password').fill('typed-before-the-script');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeDisabled();
  await page.getByLabel('Password').press('Enter');
  expect(new URL(page.url()).search).toBe('');

  release();
  await hydrated(page, 'LoginForm');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid credentials' })).toBeVisible();
  expect(sent.map((body) => JSON.parse(body))).toEqual([
    expect.objectContaining({ email: 'early@example.com', password: 'typed-before-the-script' }),
  ]);
  expect(urls.every((url) => !url.includes('typed-before-the-script'))).toBe(true);
});
