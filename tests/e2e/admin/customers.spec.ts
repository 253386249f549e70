import { expect, type Page, test } from '@playwright/test';
import { signedIn } from './session';

const toast = (page: Page, text: string | RegExp) => page.locator('[data-sonner-toast]').filter({ hasText: text });

test('a customer from start to shipment: create, find, edit, pick in Quick add, count and customer page', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const name = `Playwright Freight ${stamp}`;
  const destination = `Reykjavik ${stamp}, Iceland`;
  await signedIn(page);

  // Create, with the form's own check first.
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Customers' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();
  await expect(page.getByText(/Showing [\d,-]+ of \d+ customers/)).toBeVisible();
  await page.getByRole('button', { name: 'New Customer' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Customer' });
  await dialog.getByLabel('Email').fill('not-an-email');
  await dialog.getByRole('button', { name: 'Create Customer' }).click();
  await expect(dialog.getByLabel('Customer name (required)')).toHaveAccessibleDescription('Customer name is required');
  await expect(dialog.getByLabel('Email')).toHaveAccessibleDescription('Must be a valid email address');
  await dialog.getByLabel('Customer name (required)').fill(name);
  await dialog.getByLabel('Contact person').fill('Pia Wright');
  await dialog.getByLabel('Email').fill(`pia-${stamp}@playwright-freight.example`);
  await dialog.getByLabel('Phone').fill('+1 916 555 0123');
  await dialog.getByLabel('Address').fill('1 Test Road, Sacramento, USA');
  await dialog.getByRole('button', { name: 'Create Customer' }).click();
  await expect(toast(page, /Customer CUS-\d{4,} created/)).toBeVisible();
  await expect(dialog).toBeHidden();
  const id = (await toast(page, /Customer CUS-\d{4,} created/).textContent())!.match(/CUS-\d+/)![0];

  // Find it by a server-side search.
  await page.getByPlaceholder('Search customers...').fill(name.slice(11).toUpperCase());
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(page.getByText('Showing 1 of 1 customers')).toBeVisible();
  await expect(row).toContainText(id);
  await expect(row).toContainText('Pia Wright');
  await expect(row).toContainText('Active');
  await expect(row.getByRole('cell').nth(5)).toHaveText('0');
  expect(new URL(page.url()).searchParams.get('q')).toBe(name.slice(11).toUpperCase());

  // Edit through the dialog, pre-filled from the row.
  await row.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit Customer ${id}` });
  await expect(edit.getByLabel('Contact person')).toHaveValue('Pia Wright');
  await edit.getByLabel('Phone').fill('+1 916 555 0199');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, `Customer ${id} updated`)).toBeVisible();
  await expect(row).toContainText('+1 916 555 0199');

  // A shipment for it from the Quick add dialog, the customer picked in the combobox by keyboard.
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Shipments' }).click();
  await page.getByRole('button', { name: 'Quick add' }).click();
  const quickAdd = page.getByRole('dialog', { name: 'Quick add shipment' });
  const combobox = quickAdd.getByRole('combobox', { name: 'Customer' });
  await combobox.fill(name.slice(0, 14).toLowerCase());
  await expect(combobox).toHaveAttribute('aria-expanded', 'true');
  const option = quickAdd.getByRole('option', { name: new RegExp(name) });
  await expect(option).toBeVisible();
  for (let step = 0; step < 10 && (await option.getAttribute('aria-selected')) !== 'true'; step++) {
    await combobox.press('ArrowDown');
  }
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await expect(combobox).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id'))!);
  await combobox.press('Enter');
  await expect(combobox).toHaveValue(name);
  await expect(combobox).toHaveAttribute('aria-expanded', 'false');
  await quickAdd.getByLabel('Origin').fill('Sacramento, USA');
  await quickAdd.getByLabel('Destination').fill(destination);
  await quickAdd.getByRole('button', { name: 'Submit' }).click();
  await expect(toast(page, 'Shipment added successfully')).toBeVisible();
  await expect(quickAdd).toBeHidden();
  const shipmentRow = page.getByRole('row').filter({ hasText: destination });
  const trackingNumber = (await shipmentRow.getByRole('cell').nth(2).textContent())!.trim();
  expect(trackingNumber).toMatch(/^NEC[A-Z0-9]{9}$/);

  // The Shipments count is now 1, and the customer page lists the shipment, which links back.
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Customers' }).click();
  await page.getByPlaceholder('Search customers...').fill(name);
  // The search is committed after a pause in typing; the list it loads replaces the rows under the pointer.
  await expect(page.getByText('Showing 1 of 1 customers')).toBeVisible();
  await expect(row.getByRole('cell').nth(5)).toHaveText('1');
  await row.getByRole('link', { name: `View ${name}` }).click();
  await page.waitForURL(`**/admin/customers/${id}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('1 shipment, newest first.')).toBeVisible();
  await page.getByRole('link', { name: trackingNumber }).click();
  await page.waitForURL(`**/admin/view_shipment/${trackingNumber}`);
  await expect(page.getByRole('heading', { name: 'Customer' })).toBeVisible();
  await page.getByRole('link', { name }).click();
  await page.waitForURL(`**/admin/customers/${id}`);

  // Deactivated, it keeps its shipment and shows grey.
  await page.getByRole('button', { name: 'Deactivate' }).click();
  await expect(toast(page, `${name} is now inactive`)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name })).toContainText('Inactive');
  await expect(page.getByRole('button', { name: 'Reactivate' })).toBeVisible();
});

test('the New Shipment page picks a customer and fills the sender from it', async ({ page }) => {
  await signedIn(page, '/admin/new_shipment');
  const combobox = page.getByRole('combobox', { name: 'Customer (optional)' });
  await combobox.fill('redwood');
  await page.getByRole('option', { name: /Redwood Furniture Co\./ }).click();
  await expect(page.getByLabel('Sender name (required)')).toHaveValue('Redwood Furniture Co.');
  await expect(page.getByLabel('Sender email')).toHaveValue('shipping@redwoodfurniture.example');
  await expect(page.getByLabel('Sender phone')).toHaveValue('+1 503 555 0187');
  await page.getByLabel('Recipient name (required)').fill('Picked Recipient');
  await page.getByLabel('Recipient address (required)').fill('2 Test Road, Lisbon, Portugal');
  await page.getByLabel('Origin (required)').fill('Portland, USA');
  await page.getByLabel('Destination (required)').fill('Lisbon, Portugal');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(/Shipment NEC[A-Z0-9]{9} added successfully!/)).toBeVisible();
  await expect(combobox).toHaveValue('');
  await page.getByRole('link', { name: /View shipment NEC/ }).click();
  await expect(page.getByRole('link', { name: 'Redwood Furniture Co.' })).toHaveAttribute(
    'href',
    '/admin/customers/CUS-1002',
  );
});

test('lists at 390 px: every shipment and customer card keeps its actions in view', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signedIn(page);
  for (const [path, list, noun] of [
    ['/admin/shipments', 'Shipments', /^(View|Edit) NEC/],
    ['/admin/customers', 'Customers', /^(View|Edit) /],
  ] as const) {
    await page.goto(path);
    const cards = page.getByRole('list', { name: list }).getByRole('listitem');
    await expect(cards.first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    for (const card of await cards.all()) {
      const actions = card.getByRole('link', { name: noun }).or(card.getByRole('button', { name: noun }));
      await expect(actions).toHaveCount(2);
      for (const action of await actions.all()) {
        await action.scrollIntoViewIfNeeded();
        const box = (await action.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(390);
      }
    }
  }
});

test('a duplicate customer is flagged with a link to the existing one; Create anyway creates it; Quick add makes staff choose between equal names', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const name = `Twin Cargo ${stamp}`;
  await signedIn(page);
  const first = await page.request.post('/api/customers', {
    data: { name, email: `first-${stamp}@twins.example`, phone: '+1 916 555 0101', status: 'active' },
  });
  const firstId: string = (await first.json()).data.id;

  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Customers' }).click();
  await page.getByRole('button', { name: 'New Customer' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Customer' });
  await dialog.getByLabel('Customer name (required)').fill(name);
  await dialog.getByLabel('Email').fill(`FIRST-${stamp}@twins.example`);
  await dialog.getByRole('button', { name: 'Create Customer' }).click();
  const warning = dialog.getByRole('alert').filter({ hasText: 'may already exist' });
  await expect(warning).toContainText(`${firstId} (${name}) has the same email`);
  await expect(warning.getByRole('link', { name: `Open ${firstId}` })).toHaveAttribute(
    'href',
    `/admin/customers/${firstId}`,
  );
  // Another address for the same name: staff decide it is another customer.
  await dialog.getByLabel('Email').fill(`second-${stamp}@twins.example`);
  await dialog.getByLabel('Phone').fill('+1 916 555 0102');
  await dialog.getByRole('button', { name: 'Create Customer' }).click();
  await expect(toast(page, /Customer CUS-\d{4,} created/)).toBeVisible();
  const secondId = (await toast(page, /Customer CUS-\d{4,} created/).textContent())!.match(/CUS-\d+/)![0];

  // Quick add: the name typed alone is refused; the list tells the two apart by email and phone.
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Shipments' }).click();
  await page.getByRole('button', { name: 'Quick add' }).click();
  const quickAdd = page.getByRole('dialog', { name: 'Quick add shipment' });
  const combobox = quickAdd.getByRole('combobox', { name: 'Customer' });
  const suggestions = quickAdd.getByRole('listbox', { name: 'Suggestions' });
  await combobox.fill(name);
  await expect(suggestions.getByRole('option')).toHaveCount(2);
  await expect(suggestions.getByRole('option', { name: new RegExp(firstId) })).toContainText('+1 916 555 0101');
  await expect(suggestions.getByRole('option', { name: new RegExp(secondId) })).toContainText(
    `second-${stamp}@twins.example`,
  );
  await combobox.press('Escape');
  await quickAdd.getByLabel('Origin').fill('Sacramento, USA');
  await quickAdd.getByLabel('Destination').fill('Toronto, Canada');
  await quickAdd.getByRole('button', { name: 'Submit' }).click();
  await expect(combobox).toHaveAccessibleDescription(new RegExp(`More than one customer is named ${name}`));
  // The box still holds the name: staff clear it and type it again to see the suggestions.
  await combobox.fill('');
  await combobox.fill(name);
  const second = suggestions.getByRole('option', { name: new RegExp(secondId) });
  await expect(second).toBeVisible();
  await second.click();
  await quickAdd.getByRole('button', { name: 'Submit' }).click();
  await expect(toast(page, 'Shipment added successfully')).toBeVisible();
});

test('a customer is erased on request after a confirmation; the shipments stay under "Erased customer"', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const stamp = Date.now().toString(36);
  const name = `Erase Me ${stamp}`;
  await signedIn(page);
  const created = await page.request.post('/api/customers', {
    data: { name, email: `erase-${stamp}@example.com`, phone: '+1 916 555 0177', status: 'active' },
  });
  const id: string = (await created.json()).data.id;
  const shipment = await page.request.post('/api/shipments', {
    data: { customer: id, origin: 'Sacramento, USA', destination: 'Toronto, Canada', status: 'processing' },
  });
  const trackingNumber: string = (await shipment.json()).data.tracking_number;

  await page.goto(`/admin/customers/${id}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await page.getByRole('button', { name: 'Erase personal data' }).click();
  const confirm = page.getByRole('dialog', { name: `Erase ${name}?` });
  await expect(confirm).toContainText('their 1 shipment, which is kept under "Erased customer"');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('definition').filter({ hasText: `erase-${stamp}@example.com` })).toBeVisible();

  await page.getByRole('button', { name: 'Erase personal data' }).click();
  await confirm.getByRole('button', { name: 'Erase', exact: true }).click();
  await expect(toast(page, `${id} erased`)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Erased customer');
  await expect(page.getByRole('status').filter({ hasText: 'Personal data erased on request' })).toBeVisible();
  await expect(page.getByText(`erase-${stamp}@example.com`)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);

  await page.getByRole('link', { name: trackingNumber }).click();
  await page.waitForURL(`**/admin/view_shipment/${trackingNumber}`);
  await expect(
    page
      .getByRole('definition')
      .filter({ hasText: /^Erased customer$/ })
      .first(),
  ).toBeVisible();
  await expect(page.getByText(name)).toHaveCount(0);
});
