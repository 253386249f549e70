import { expect, type Page, test } from '@playwright/test';
import { hydrated } from '../public/helpers';
import { signedIn } from './session';

const toast = (page: Page, text: string | RegExp) => page.locator('[data-sonner-toast]').filter({ hasText: text });

test('a quote sent from the home page shows in Quotes and on the dashboard; staff mark it contacted and make it a customer', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const name = `Quote Sender ${stamp}`;
  const email = `quote-${stamp}@example.com`;

  await page.goto('/');
  await page.getByRole('heading', { name: 'Request a quote' }).scrollIntoViewIfNeeded();
  await hydrated(page, 'QuoteForm');
  const form = page.getByRole('form', { name: 'Request a quote' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Service').selectOption('Heavy Freight');
  await form.getByLabel(/^From/).fill('Hamburg, Germany');
  await form.getByLabel(/^To/).fill('Toronto, Canada');
  await form.getByLabel(/Approximate weight/).fill('1200');
  await form.getByRole('button', { name: 'Request a Quote' }).click();
  await expect(form.getByRole('status')).toContainText('Thank you');

  await signedIn(page);
  await expect(page.getByRole('link', { name: /new quote requests?/ })).toBeVisible();
  await expect(page.getByText(`${email} asked for a quote`)).toBeVisible();

  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Quotes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Quote Requests' })).toBeVisible();
  await page.getByPlaceholder('Search quote requests...').fill(stamp);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Heavy Freight');
  await expect(row).toContainText('Hamburg, Germany → Toronto, Canada');
  await expect(row).toContainText('1,200 kg (2,646 lbs)');

  const status = row.getByRole('combobox', { name: `Status of the request from ${name}` });
  await expect(status).toHaveValue('new');
  await status.selectOption('contacted');
  await expect(toast(page, `Request from ${name} marked Contacted`)).toBeVisible();
  // The server can be slow on a busy machine: the reloaded page first checks the session, then lists.
  await page.reload();
  await expect(page.getByText('Showing 1 of 1 quote requests')).toBeVisible({ timeout: 30_000 });
  await expect(row.getByRole('combobox', { name: `Status of the request from ${name}` })).toHaveValue('contacted');

  await row.getByRole('button', { name: `Create customer from the request of ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: /New Customer from quote request #\d+/ });
  await expect(dialog.getByLabel('Customer name (required)')).toHaveValue(name);
  await expect(dialog.getByLabel('Email')).toHaveValue(email);
  await dialog.getByLabel('Customer name (required)').fill(`${name} Ltd`);
  await dialog.getByRole('button', { name: 'Create Customer' }).click();
  await expect(toast(page, /Customer CUS-\d+ created/)).toBeVisible();
  const link = row.getByRole('link', { name: /^CUS-\d+$/ });
  await expect(link).toBeVisible();
  await link.click();
  await expect(page.getByRole('heading', { level: 1, name: `${name} Ltd` })).toBeVisible();
});
