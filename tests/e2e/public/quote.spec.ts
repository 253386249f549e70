import { expect, type Page, test } from '@playwright/test';
import { openE2eDatabase } from '../../helpers/e2e-db';
import { hydrated } from './helpers';

async function openForm(page: Page) {
  await page.goto('/');
  await page.getByRole('heading', { name: 'Request a quote' }).scrollIntoViewIfNeeded();
  await hydrated(page, 'QuoteForm');
  return page.getByRole('form', { name: 'Request a quote' });
}

test('invalid fields show their errors beside them and nothing is sent', async ({ page }) => {
  const form = await openForm(page);
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST') posts.push(request.url());
  });
  await form.getByLabel('Email').fill('not-an-email');
  await form.getByLabel(/Phone/).fill('12');
  await form.getByRole('button', { name: 'Request a Quote' }).click();
  await expect(form.getByLabel('Name')).toHaveAccessibleDescription('Please enter your name');
  await expect(form.getByLabel('Email')).toHaveAccessibleDescription('Please enter a valid email address');
  await expect(form.getByLabel(/Phone/)).toHaveAccessibleDescription(/valid phone number/);
  await expect(form.getByLabel('Service')).toHaveAccessibleDescription('Please select a service');
  await expect(form.getByLabel('Name')).toBeFocused();
  await expect(form.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
  expect(posts).toEqual([]);
});

test('the server’s field errors show beside the fields', async ({ page }) => {
  const form = await openForm(page);
  await page.route('**/api/quotes', (route) =>
    route.fulfill({
      status: 422,
      contentType: 'application/json',
      body: JSON.stringify({
        status: 'error',
        message: 'The given data was invalid.',
        errors: { email: ['This address cannot receive mail'] },
      }),
    }),
  );
  await form.getByLabel('Name').fill('Test Person');
  await form.getByLabel('Email').fill('test@example.com');
  await form.getByLabel('Service').selectOption('Warehousing');
  await form.getByRole('button', { name: 'Request a Quote' }).click();
  await expect(form.getByLabel('Email')).toHaveAccessibleDescription('This address cannot receive mail');
});

test('a valid request is stored, acknowledged and the form resets', async ({ page }) => {
  const form = await openForm(page);
  const email = `quote-${Date.now()}@example.com`;
  await form.getByLabel('Name').fill('Quinn Shipper');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel(/Phone/).fill('+1 916 555 0142');
  await form.getByLabel('Service').selectOption('Freight Forwarding');
  await form.getByRole('button', { name: 'Request a Quote' }).click();
  await expect(form.getByRole('status')).toContainText('Thank you');
  await expect(form.getByLabel('Name')).toHaveValue('');
  await expect(form.getByLabel('Service')).toHaveValue('');

  const db = openE2eDatabase();
  try {
    const rows = (
      await db.execute({ sql: 'SELECT name, phone, service FROM quote_requests WHERE email = ?', args: [email] })
    ).rows;
    expect(rows.map((row) => ({ ...row }))).toEqual([
      { name: 'Quinn Shipper', phone: '+1 916 555 0142', service: 'Freight Forwarding' },
    ]);
  } finally {
    db.close();
  }
});
