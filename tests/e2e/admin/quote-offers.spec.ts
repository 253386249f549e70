import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { hydrated as islandHydrated } from '../public/helpers';
import { mailedLink } from './mailbox';
import { signedIn } from './session';
import { hydrated } from './sign-in';

// Quotes to bookings, as people do it: a visitor asks for a quote on the home page, staff reply with a
// price, the visitor accepts it from the email (as their mailbox has it), and staff
// find the shipment and the customer it booked.

async function expectNoViolations(page: Page, include?: string) {
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']);
  const { violations } = await (include ? builder.include(include) : builder).analyze();
  expect(violations.map((v) => `${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

test('a quote request answered with a price is accepted from the email and books a shipment and a customer', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const stamp = Date.now().toString(36);
  const name = `Offer Taker ${stamp}`;
  const email = `offer-${stamp}@example.com`;

  await page.goto('/');
  await page.getByRole('heading', { name: 'Request a quote' }).scrollIntoViewIfNeeded();
  await islandHydrated(page, 'QuoteForm');
  const form = page.getByRole('form', { name: 'Request a quote' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Service').selectOption('Heavy Freight');
  await form.getByLabel(/^From/).fill('Hamburg, Germany');
  await form.getByLabel(/^To/).fill('Toronto, Canada');
  await form.getByLabel(/Approximate weight/).fill('1200');
  await form.getByRole('button', { name: 'Request a Quote' }).click();
  await expect(form.getByRole('status')).toContainText('Thank you');

  await signedIn(page, `/admin/quotes?q=${stamp}`);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1, { timeout: 30_000 });
  await row.getByRole('button', { name: `Reply with price to ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Reply with price to ${name}` });
  await expect(dialog.getByLabel('From (required)')).toHaveValue('Hamburg, Germany');
  await dialog.getByRole('button', { name: 'Send Price' }).click();
  await expect(dialog.getByLabel(/^Price/)).toHaveAttribute('aria-invalid', 'true');
  await expectNoViolations(page, 'dialog');
  await dialog.getByLabel(/^Price/).fill('2450.00');
  await dialog.getByLabel('Message').fill('Includes customs clearance in Toronto.');
  await dialog.getByRole('button', { name: 'Send Price' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('USD 2,450.00');
  await expect(row).toContainText('not accepted yet');
  await expect(row.getByRole('combobox', { name: `Status of the request from ${name}` })).toHaveValue('contacted');

  const link = await mailedLink(email, 'quote_offer', '/quote-accept');
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`${link.pathname}${link.hash}`);
  await expect(visitor.locator('astro-island[component-url*="QuoteAccept"]:not([ssr])')).toHaveCount(1);
  await expect(visitor.getByRole('heading', { level: 1, name: 'Your quote' })).toBeVisible();
  await expect(visitor.getByText('USD 2,450.00')).toBeVisible();
  await expect(visitor.getByText('Hamburg, Germany')).toBeVisible();
  await expectNoViolations(visitor);
  await visitor.getByRole('button', { name: 'Accept and book' }).click();
  const booked = visitor.getByText(/your shipment is booked/);
  await expect(booked).toBeVisible();
  const trackingNumber = /NEC[A-Z0-9]{9}/.exec((await booked.textContent()) ?? '')![0];
  await expectNoViolations(visitor);

  await visitor.reload();
  await expect(visitor.getByRole('alert')).toContainText(`accepted already`);
  // A link opened anew is a new document: a fragment change alone would not load the page again.
  await visitor.goto('about:blank');
  await visitor.goto('/quote-accept#made-up-token');
  await expect(visitor.getByRole('alert')).toContainText('We did not send this link');

  await page.goto(`/admin/quotes?q=${stamp}`);
  await expect(row).toContainText(trackingNumber, { timeout: 30_000 });
  await expect(row.getByRole('combobox', { name: `Status of the request from ${name}` })).toHaveValue('won');
  await row.getByRole('link', { name: /^CUS-\d+$/ }).click();
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText(trackingNumber)).toBeVisible();
  await page.goto(`/admin/view_shipment/${trackingNumber}`);
  await expect(page.getByText('To be confirmed').first()).toBeVisible({ timeout: 30_000 });
});
