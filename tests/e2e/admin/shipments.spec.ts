import { expect, type Page, test } from '@playwright/test';
import { signedIn } from './session';

const toast = (page: Page, text: string | RegExp) => page.locator('[data-sonner-toast]').filter({ hasText: text });

test('the shipment life cycle: create, find, edit, update status and location, then the public page', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signedIn(page);

  // Create on the Add New Shipment page.
  await page.getByRole('link', { name: 'Shipments', exact: true }).click();
  await page.getByRole('link', { name: 'New shipment' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Add New Shipment' })).toBeVisible();
  const numberInput = page.getByLabel('Tracking number');
  const first = await numberInput.inputValue();
  await page.getByRole('button', { name: 'Regenerate' }).click();
  await expect(numberInput).not.toHaveValue(first);
  const number = await numberInput.inputValue();
  expect(number).toMatch(/^NEC[A-Z0-9]{9}$/);

  // The shared schema refuses an empty form before anything is sent.
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('alert')).toContainText('Sender name: Sender name is required');

  await page.getByLabel('Sender name (required)').fill('Playwright Sender');
  await page.getByLabel('Sender email').fill('sender@example.com');
  await page.getByLabel('Recipient name (required)').fill('Playwright Recipient');
  await page.getByLabel('Recipient address (required)').fill('1 Test Road, Berlin, Germany');
  await page.getByLabel('Origin (required)').fill('Sacramento, USA');
  await page.getByLabel('Destination (required)').fill('Berlin, Germany');
  await page.getByLabel('Weight (kg)').fill('12.5');
  await page.getByLabel('Estimated delivery').fill('2026-12-24');
  await page.getByLabel('Package type').fill('Fragile');
  await page.getByLabel('Status (required)').selectOption('processing');
  await page.getByLabel('Staff note').fill('First note: fragile, keep upright');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(`Shipment ${number} added successfully!`)).toBeVisible();
  await expect(numberInput).not.toHaveValue(number);
  await expect(page.getByLabel('Sender name (required)')).toHaveValue('');

  // Find it by a server-side search.
  await page.getByRole('link', { name: 'Shipments', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Manage Shipments' })).toBeVisible();
  await page.getByPlaceholder('Search shipments...').fill(number.toLowerCase());
  const row = page.getByRole('row').filter({ hasText: number });
  await expect(row).toHaveCount(1);
  await expect(page.getByText('Showing 1 of 1 shipments')).toBeVisible();
  await expect(row).toContainText('Sacramento, USA');
  await expect(row).toContainText('Processing');
  await expect(row).toContainText('Fragile');

  // Edit through the dialog, pre-filled from the whole shipment: its address and its staff notes too.
  await row.getByRole('button', { name: `Edit ${number}` }).click();
  const dialog = page.getByRole('dialog', { name: `Edit Shipment ${number}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Origin', { exact: true })).toHaveValue('Sacramento, USA');
  await expect(dialog.getByLabel('Destination', { exact: true })).toHaveValue('Berlin, Germany');
  await expect(dialog.getByLabel('Recipient address')).toHaveValue('1 Test Road, Berlin, Germany');
  await expect(dialog.getByLabel('Estimated delivery')).toHaveValue('2026-12-24');
  await expect(dialog.getByLabel('Status', { exact: true })).toHaveValue('processing');
  await expect(dialog.getByLabel('Type')).toHaveValue('Fragile');
  const notes = dialog.getByRole('list', { name: 'Staff notes, oldest first' }).getByRole('listitem');
  await expect(notes).toHaveCount(1);
  await expect(notes.first()).toContainText('First note: fragile, keep upright');
  await expect(notes.first()).toContainText('@');

  // A new destination needs the recipient's address there: the old one is refused on its field.
  await dialog.getByLabel('Destination', { exact: true }).fill('Hamburg, Germany');
  await expect(dialog.getByLabel('Recipient address')).toHaveAccessibleDescription(/destination changed/);
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog.getByLabel('Recipient address')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByRole('alert')).toContainText('Please correct the field marked below.');
  await dialog.getByLabel('Recipient address').fill('5 Hafenstrasse, 20359 Hamburg, Germany');
  await dialog.getByLabel('Estimated delivery').fill('2026-12-28');
  await dialog.getByLabel('Next arrival').fill('2026-12-20T10:30');
  await dialog.getByLabel('Add a note').fill('Second note: deliver to the Hamburg office');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, `Shipment ${number} updated successfully`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row.getByRole('button', { name: `Edit ${number}` })).toBeFocused();
  await expect(row).toContainText('Hamburg, Germany');

  // Opened again: the note was appended (the first is kept), and the next arrival reads back in local time.
  await row.getByRole('button', { name: `Edit ${number}` }).click();
  await expect(notes).toHaveCount(2);
  await expect(notes.nth(0)).toContainText('First note: fragile, keep upright');
  await expect(notes.nth(1)).toContainText('Second note: deliver to the Hamburg office');
  await expect(dialog.getByLabel('Recipient address')).toHaveValue('5 Hafenstrasse, 20359 Hamburg, Germany');
  await expect(dialog.getByLabel('Next arrival')).toHaveValue('2026-12-20T10:30');
  await expect(dialog.getByLabel('Add a note')).toHaveValue('');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // View it and update the status.
  await row.getByRole('link', { name: `View ${number}` }).click();
  await page.waitForURL(`**/admin/view_shipment/${number}`);
  await expect(page.getByRole('heading', { level: 1, name: `Tracking # ${number}` })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sender Info' })).toBeVisible();
  await expect(page.getByText('12.5 kg (27.6 lbs)')).toBeVisible();
  const staffNotes = page.getByRole('list', { name: 'Staff notes, oldest first' }).getByRole('listitem');
  await expect(staffNotes).toHaveCount(2);
  await expect(page.getByText('Staff only:')).toBeVisible();
  const history = page.getByRole('list', { name: 'Tracking history, newest first' }).getByRole('listitem');
  const entries = await history.count();

  await page.getByRole('button', { name: 'Update Status', exact: true }).click();
  await expect(toast(page, 'Please select a status')).toBeVisible();
  await page.getByLabel('New status').selectOption('in_transit');
  await page.getByLabel('Note', { exact: true }).fill('Departed the Sacramento hub');
  await page.getByRole('button', { name: 'Update Status', exact: true }).click();
  await expect(toast(page, 'Status updated successfully!')).toBeVisible();
  await expect(history).toHaveCount(entries + 1);
  await expect(history.first()).toContainText('Departed the Sacramento hub');
  await expect(history.first()).toContainText('In Transit');

  // Update the location from the second tab, reached by keyboard.
  await page.getByRole('tab', { name: 'Update Status' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Update Location' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('button', { name: 'Update Location', exact: true }).click();
  await expect(toast(page, 'Please enter the country')).toBeVisible();
  const location = page.getByRole('tabpanel', { name: 'Update Location' });
  await location.getByLabel('Current country').fill('Germany');
  await location.getByLabel('Current city (optional)').fill('Bremen');
  await location.getByLabel('Expected arrival (optional)').fill('2099-12-19T08:15');
  await location.getByLabel('Location note (optional)').fill('Cleared customs in Bremen');
  await page.getByRole('button', { name: 'Update Location', exact: true }).click();
  await expect(toast(page, 'Location updated successfully!')).toBeVisible();
  await expect(history).toHaveCount(entries + 2);
  await expect(history.first()).toContainText('On the way to Bremen, Germany');
  await expect(history.first()).toContainText('Expected arrival:');
  await expect(history.first()).toContainText('Cleared customs in Bremen');
  await expect(page.getByText('Current location', { exact: true })).toBeVisible();

  // There now: no expected arrival, so the entry never says it is still expected where it is.
  await location.getByLabel('Current country').fill('Germany');
  await location.getByLabel('Current city (optional)').fill('Bremen');
  await location.getByLabel('Location note (optional)').fill('Arrived at Bremen');
  await page.getByRole('button', { name: 'Update Location', exact: true }).click();
  await expect(history).toHaveCount(entries + 3);
  await expect(history.first()).toContainText('Bremen, Germany');
  await expect(history.first()).toContainText('Arrived at Bremen');
  await expect(history.first()).not.toContainText('Expected arrival');
  await expect(history.first()).not.toContainText('On the way');

  // The public tracking page shows the new status and history.
  const publicLink = page.getByRole('link', { name: /View on public tracking page/ });
  await expect(publicLink).toHaveAttribute('href', `/track?number=${number}`);
  await page.goto(`/track?number=${number}`);
  await expect(page.getByRole('heading', { name: `Shipment #${number}` })).toBeVisible();
  await expect(page.getByText('Departed the Sacramento hub')).toBeVisible();
  await expect(page.getByText('Cleared customs in Bremen')).toBeVisible();
  await expect(page.getByText('In Transit').first()).toBeVisible();
  const arrived = page.getByRole('listitem').filter({ hasText: 'Arrived at Bremen' });
  await expect(arrived).toContainText('Bremen, Germany');
  await expect(arrived).not.toContainText('Expected arrival');
  // The new destination's city for the recipient, never the street; staff notes never.
  const recipient = page
    .locator('dl > div')
    .filter({ has: page.locator('dt', { hasText: /^Recipient Address$/ }) })
    .locator('dd');
  await expect(recipient).toContainText('Hamburg, Germany');
  await expect(page.getByText('Hafenstrasse')).toHaveCount(0);
  await expect(page.getByText(/First note|Second note/)).toHaveCount(0);
});

test('the add dialog works by keyboard: focus moves in, Escape closes and returns focus, errors keep it open', async ({
  page,
}) => {
  await signedIn(page);
  await page.getByRole('link', { name: 'Shipments', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Manage Shipments' })).toBeVisible();
  await expect(page.getByText(/Showing [\d,-]+ of \d+ shipments/)).toBeVisible();

  const opener = page.getByRole('button', { name: 'Quick add' });
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Quick add shipment' });
  await expect(dialog).toBeVisible();
  await expect(dialog.locator(':focus')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  // Open again; an unknown customer is refused by the server and the dialog stays open with the error.
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Customer').fill('No Such Customer Ltd');
  await dialog.getByLabel('Origin').fill('Oslo, Norway');
  await dialog.getByLabel('Destination').fill('Lima, Peru');
  await dialog.getByLabel('Estimated delivery').fill('2026-12-30');
  await dialog.getByLabel('Staff note').focus();
  await page.keyboard.type('Handle with care');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Failed to add shipment' })).toBeVisible();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Customer')).toHaveAttribute('aria-invalid', 'true');

  // A real customer by id, typed without choosing from the list: the server still finds it.
  await dialog.getByLabel('Customer').fill('CUS-1001');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Shipment added successfully' })).toBeVisible();
  await expect(dialog).toBeHidden();
  // Other tests add shipments meanwhile, so the new row may not stay first: it is found by its route, then
  // followed by its number.
  const newRow = page.getByRole('row').filter({ hasText: 'Oslo, Norway' }).filter({ hasText: 'Lima, Peru' });
  await expect(newRow).toHaveCount(1);
  const addedNumber = (await newRow.getByRole('cell').nth(2).textContent())!;
  const added = page.getByRole('row').filter({ hasText: addedNumber });

  // Its recipient address is its destination, and follows a new destination until one is typed.
  await added.getByRole('button', { name: /^Edit NEC/ }).click();
  const edit = page.getByRole('dialog', { name: /^Edit Shipment NEC/ });
  await expect(edit.getByLabel('Recipient address')).toHaveValue('Lima, Peru');
  await expect(edit.getByRole('list', { name: 'Staff notes, oldest first' })).toContainText('Handle with care');
  await edit.getByLabel('Destination', { exact: true }).fill('Cusco, Peru');
  await expect(edit.getByLabel('Recipient address')).toHaveValue('Cusco, Peru');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit).toBeHidden();
  await expect(added).toContainText('Cusco, Peru');
});

test('filters narrow the list on the server and paging walks the cursor', async ({ page }) => {
  await signedIn(page);
  await page.getByRole('link', { name: 'Shipments', exact: true }).click();
  const footer = page.getByText(/Showing [\d,-]+ of \d+ shipments/);
  await expect(footer).toBeVisible();
  const total = Number((await footer.textContent())!.match(/of (\d+)/)![1]);
  expect(total).toBeGreaterThan(20);
  await expect(page.getByRole('row')).toHaveCount(21);

  // Other tests may add or edit shipments meanwhile, so totals are read, not assumed, and rows are told
  // apart by their tracking number alone.
  const firstNumber = page.getByRole('row').nth(1).getByRole('cell').nth(2);
  const firstRow = await firstNumber.textContent();
  expect(firstRow).toMatch(/^NEC/);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('button', { name: 'Previous' })).toBeEnabled();
  // The footer says where the page is: the second page of 20 starts at the 21st shipment, or later by as many
  // as other tests added above the first page since it was read.
  const footerAfterNext = page.getByText(/^Showing \d+-\d+ of \d+ shipments$/);
  await expect(footerAfterNext).not.toHaveText(/^Showing 1-/);
  const secondStart = Number((await footerAfterNext.textContent())!.match(/^Showing (\d+)-/)![1]);
  expect(secondStart).toBeGreaterThanOrEqual(21);
  await expect(firstNumber).not.toHaveText(firstRow!);
  // Previous opens the 20 shipments before the second page's first: the first page as seen, unless another
  // test added one meanwhile, which then sits above it (and Previous stays enabled to reach it).
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(firstNumber).toHaveText(firstRow!);
  await expect(page.getByText(/^Showing \d+-\d+ of \d+ shipments$/)).toBeVisible();

  await page.getByRole('button', { name: 'Filters' }).click();
  await page.getByLabel('Status', { exact: true }).selectOption('on_hold');
  await expect(page.getByRole('button', { name: 'Filters (1)' })).toBeVisible();
  const rows = page.getByRole('row').filter({ has: page.getByRole('cell') });
  await expect(rows.first()).toContainText('On Hold');
  for (const text of await rows.allTextContents()) expect(text).toContain('On Hold');

  await page.getByPlaceholder('Search shipments...').fill('zzzz-no-such-shipment');
  await expect(page.getByText('No shipments found.')).toBeVisible();
  await expect(page.getByText('Showing 0 of 0 shipments')).toBeVisible();
});

test('the list keeps its search, filters and page in the URL: Back from a shipment returns to the same page', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signedIn(page, '/admin/shipments?status=preparing,processing,in_transit,on_hold');
  await expect(page.getByRole('button', { name: 'Filters (1)' })).toBeVisible();
  await expect(page.getByLabel('Status', { exact: true })).toHaveValue('preparing,processing,in_transit,on_hold');
  await expect(page.getByText(/Showing [\d,-]+ of \d+ shipments/)).toBeVisible();
  const rows = page.getByRole('row').filter({ has: page.getByRole('cell') });
  for (const text of await rows.allTextContents()) expect(text).not.toContain('Delivered');

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/[?&]cursor=/);
  const url = page.url();
  await expect(page.getByRole('button', { name: 'Previous' })).toBeEnabled();
  const firstOnPage = (await rows.first().getByRole('cell').nth(2).textContent())!;
  expect(firstOnPage).toMatch(/^NEC/);
  await rows
    .first()
    .getByRole('link', { name: /^View / })
    .click();
  await page.waitForURL('**/admin/view_shipment/**');
  await page.goBack();
  await expect(page).toHaveURL(url);
  await expect(rows.first().getByRole('cell').nth(2)).toHaveText(firstOnPage, { timeout: 30_000 });
  await expect(page.getByLabel('Status', { exact: true })).toHaveValue('preparing,processing,in_transit,on_hold');

  // The same address in a fresh page (a shared link) shows the same page, and Previous walks back.
  const shared = await page.context().newPage();
  await shared.goto(url);
  await expect(shared.getByRole('row').nth(1).getByRole('cell').nth(2)).toHaveText(firstOnPage, { timeout: 30_000 });
  await shared.getByRole('button', { name: 'Previous' }).click();
  await expect(shared).toHaveURL(/[?&]before=/);
  await expect(shared.getByRole('button', { name: 'Previous' })).toBeDisabled();

  // Typing a search replaces the address (no history entry per keystroke) and starts at the first page.
  await page.getByPlaceholder('Search shipments...').fill('united');
  await expect(page).toHaveURL(/[?&]q=united/);
  expect(new URL(page.url()).searchParams.get('cursor')).toBeNull();
});

test('dashboard figures link to the lists they count', async ({ page }) => {
  await signedIn(page);
  await page.getByRole('link', { name: 'Pending Orders' }).click();
  await expect(page).toHaveURL(/\/admin\/shipments\?status=preparing(,|%2C)processing(,|%2C)on_hold$/);
  await expect(page.getByLabel('Status', { exact: true })).toHaveValue('preparing,processing,on_hold');
  await expect(page.getByText(/Showing [\d,-]+ of \d+ shipments/)).toBeVisible();
  const rows = page.getByRole('row').filter({ has: page.getByRole('cell') });
  for (const text of await rows.allTextContents()) expect(text).toMatch(/Preparing|Processing|On Hold/);
  await page.goBack();
  await page.getByRole('link', { name: 'Delivered Today' }).click();
  // The company's midnight, as an instant in UTC.
  await expect(page).toHaveURL(/\/admin\/shipments\?delivered_since=\d{4}-\d{2}-\d{2}T\d{2}(:|%3A)00/);
  await expect(page.getByText(/^Delivered since /)).toBeVisible();
  await page.goBack();
  await page.getByRole('link', { name: 'New Customers' }).click();
  await expect(page).toHaveURL(/\/admin\/customers\?since=\d{4}-\d{2}-01$/);
  await expect(page.getByText(/Showing customers created since/)).toBeVisible();
});

test('a person corrects contact details, goods, courier and customs in the edit dialog; the view lists each change before and after', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signedIn(page);
  const created = await page.request.post('/api/add_tracking', {
    data: {
      status: 'processing',
      sender_name: 'Mispelled Sender',
      sender_email: 'old-sender@example.com',
      recipient_name: 'Recipient Before',
      recipient_address: '1 Test Road, Berlin, Germany',
      origin: 'Sacramento, USA',
      destination: 'Berlin, Germany',
      weight: 2,
      courier: 'NEC Road',
    },
  });
  expect(created.status()).toBe(201);
  const number: string = (await created.json()).data.tracking_number;
  await page.goto(`/admin/view_shipment/${number}`);
  await expect(page.getByRole('heading', { level: 1, name: `Tracking # ${number}` })).toBeVisible();
  await expect(page.getByText('No edits yet.')).toBeVisible();

  await page.getByRole('button', { name: 'Edit shipment' }).click();
  const dialog = page.getByRole('dialog', { name: `Edit Shipment ${number}` });
  const sender = dialog.getByRole('group', { name: 'Sender' });
  await expect(sender.getByLabel('Sender name')).toHaveValue('Mispelled Sender');
  await sender.getByLabel('Sender name').fill('Misspelled Sender');
  await sender.getByLabel('Sender email').fill('new-sender@example.com');
  await sender.getByLabel('Sender phone').fill('+1 916 555 0100');
  await dialog.getByRole('group', { name: 'Recipient contact' }).getByLabel('Recipient name').fill('Recipient After');
  const goods = dialog.getByRole('group', { name: 'Goods' });
  await expect(goods.getByLabel('Weight (kg)')).toHaveValue('2');
  await goods.getByLabel('Weight (kg)').fill('2.75');
  await goods.getByLabel('Contents').fill('Books');
  await goods.getByLabel('Declared value').fill('120');
  const customs = dialog.getByRole('group', { name: 'Courier and customs' });
  await customs.getByLabel('Courier').fill('');
  await customs.getByLabel('Customs status').fill('Cleared');
  // A bad email is refused on its field before anything is sent.
  await dialog.getByRole('group', { name: 'Recipient contact' }).getByLabel('Recipient email').fill('not-an-email');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog.getByLabel('Recipient email')).toHaveAccessibleDescription('Must be a valid email address');
  await dialog.getByLabel('Recipient email').fill('recipient@example.com');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, `Shipment ${number} updated successfully`)).toBeVisible();
  await expect(dialog).toBeHidden();

  await expect(page.getByRole('definition').filter({ hasText: /^Misspelled Sender$/ })).toBeVisible();
  await expect(page.getByText('2.75 kg')).toBeVisible();
  const changes = page.getByRole('list', { name: 'Changes, newest first' }).getByRole('listitem');
  await expect(changes.filter({ hasText: 'Sender name:' })).toContainText('Mispelled Sender → Misspelled Sender');
  await expect(changes.filter({ hasText: 'Sender email:' })).toContainText(
    'old-sender@example.com → new-sender@example.com',
  );
  await expect(changes.filter({ hasText: 'Weight (kg):' })).toContainText('2 → 2.75');
  await expect(changes.filter({ hasText: 'Courier:' })).toContainText('NEC Road → —');
  await expect(changes.filter({ hasText: 'Customs status:' })).toContainText('— → Cleared');
  await expect(changes.filter({ hasText: 'Recipient email:' })).toContainText('— → recipient@example.com');
  await expect(changes.first()).toContainText('@');
});
