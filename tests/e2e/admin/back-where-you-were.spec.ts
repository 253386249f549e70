import { expect, type Page, test } from '@playwright/test';
import { openE2eDatabase } from '../../helpers/e2e-db';
import { hydrated } from './sign-in';
import { type Account, newAccount, signInAs } from './staff-accounts';

// Back where you were: signing in after a deep link or a lapsed session returns to that page, with
// what was typed there, and never to another site.

/** Ends every session of the account on the server, as an expiry or another device's sign-out does. */
async function endSessions(account: Account): Promise<void> {
  const db = openE2eDatabase();
  try {
    await db.execute({
      sql: 'DELETE FROM sessions WHERE user_id = (SELECT id FROM admin_users WHERE email = ?)',
      args: [account.email],
    });
  } finally {
    db.close();
  }
}

/** The sign-in form, filled and sent from the page the app left for. */
async function signInHere(page: Page, account: Account): Promise<void> {
  await hydrated(page);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

async function newShipment(page: Page): Promise<string> {
  const created = await page.request.post('/api/add_tracking', {
    data: {
      status: 'processing',
      sender_name: 'Return Sender',
      recipient_name: 'Return Recipient',
      recipient_address: '1 Test Road, Berlin, Germany',
      origin: 'Sacramento, USA',
      destination: 'Berlin, Germany',
    },
  });
  expect(created.status()).toBe(201);
  return (await created.json()).data.tracking_number;
}

test('a signed-out deep link to a shipment lands back on that shipment after sign-in', async ({ page }) => {
  const account = await newAccount('deep-link');
  await signInAs(page, account);
  const number = await newShipment(page);
  await page.getByRole('button', { name: 'Exit Admin' }).click();
  await page.waitForURL('**/admin-login');

  await page.goto(`/admin/view_shipment/${number}?from=mail`);
  await page.waitForURL(`**/admin-login?next=${encodeURIComponent(`/admin/view_shipment/${number}?from=mail`)}`);
  await signInHere(page, account);
  await page.waitForURL(`**/admin/view_shipment/${number}?from=mail`);
  await expect(page.getByRole('heading', { level: 1, name: `Tracking # ${number}` })).toBeVisible();
});

test('a new shipment typed while the session lapsed is back in its form after signing in again', async ({ page }) => {
  test.setTimeout(90_000);
  const account = await newAccount('lapsed-form');
  await signInAs(page, account);
  await page.goto('/admin/new_shipment');
  await expect(page.getByRole('heading', { level: 1, name: 'Add New Shipment' })).toBeVisible();
  const number = await page.getByLabel('Tracking number').inputValue();
  await page.getByLabel('Sender name (required)').fill('Lapsed Sender');
  await page.getByLabel('Recipient name (required)').fill('Lapsed Recipient');
  await page.getByLabel('Recipient address (required)').fill('2 Test Road, Lyon, France');
  await page.getByLabel('Origin (required)').fill('Madrid, Spain');
  await page.getByLabel('Destination (required)').fill('Lyon, France');
  await page.getByLabel('Status (required)').selectOption('processing');
  await page.getByLabel('Staff note').fill('Typed before the session ended');

  await endSessions(account);
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.waitForURL('**/admin-login?next=%2Fadmin%2Fnew_shipment');
  await expect(page.getByText('Your session has ended. Please sign in again.').first()).toBeVisible();
  await signInHere(page, account);

  await page.waitForURL('**/admin/new_shipment');
  await expect(page.getByText(/What you had typed before signing in again is back/)).toBeVisible();
  await expect(page.getByLabel('Tracking number')).toHaveValue(number);
  await expect(page.getByLabel('Sender name (required)')).toHaveValue('Lapsed Sender');
  await expect(page.getByLabel('Destination (required)')).toHaveValue('Lyon, France');
  await expect(page.getByLabel('Status (required)')).toHaveValue('processing');
  await expect(page.getByLabel('Staff note')).toHaveValue('Typed before the session ended');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(`Shipment ${number} added successfully!`)).toBeVisible();

  // The draft was used once: coming back to the page starts empty.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Add New Shipment' })).toBeVisible();
  await expect(page.getByLabel('Sender name (required)')).toHaveValue('');
});

test('an edit half typed in the dialog opens again with its text after signing in again', async ({ page }) => {
  test.setTimeout(90_000);
  const account = await newAccount('lapsed-edit');
  await signInAs(page, account);
  const number = await newShipment(page);
  await page.goto(`/admin/view_shipment/${number}`);
  await page.getByRole('button', { name: 'Edit shipment' }).click();
  const dialog = page.getByRole('dialog', { name: `Edit Shipment ${number}` });
  await dialog.getByLabel('Origin', { exact: true }).fill('Porto, Portugal');

  await endSessions(account);
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await page.waitForURL(`**/admin-login?next=${encodeURIComponent(`/admin/view_shipment/${number}`)}`);
  await signInHere(page, account);

  await page.waitForURL(`**/admin/view_shipment/${number}`);
  const again = page.getByRole('dialog', { name: `Edit Shipment ${number}` });
  await expect(again.getByLabel('Origin', { exact: true })).toHaveValue('Porto, Portugal');
  await again.getByRole('button', { name: 'Save Changes' }).click();
  await expect(again).toBeHidden();
  await expect(page.getByText('Porto, Portugal').first()).toBeVisible();
});

test('a sign-in link that names another site returns to the dashboard', async ({ page }) => {
  const account = await newAccount('open-redirect');
  await page.goto(`/admin-login?next=${encodeURIComponent('https://evil.example/admin')}`);
  await signInHere(page, account);
  await page.waitForURL('**/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  expect(new URL(page.url()).host).not.toBe('evil.example');
});
