import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { signedIn } from './session';

const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const toast = (page: Page, text: string | RegExp) => page.locator('[data-sonner-toast]').filter({ hasText: text });

async function expectNoViolations(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze();
  expect(violations.map((v) => `${what}: ${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

async function openPlaces(page: Page) {
  await signedIn(page, '/admin/settings');
  await page.getByRole('tab', { name: 'Places' }).click();
  await expect(page).toHaveURL(/\/admin\/settings\?tab=places$/);
  await expect(page.getByRole('heading', { name: 'Places on the route map' })).toBeVisible();
  // The tabs load together on a busy server: the first list may take a while.
  await expect(page.getByRole('row', { name: /London, United Kingdom/ })).toBeVisible({ timeout: 30_000 });
}

test('Places: staff add a place, fix its coordinates, and remove it; refusals land on their fields', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await openPlaces(page);
  const city = `Testville ${Date.now().toString(36)}`;
  const name = `${city}, Portugal`;
  const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Add place' }) });

  // The shared schema refuses before anything is sent.
  await form.getByLabel('City').fill(city);
  await form.getByLabel('Latitude (required)').fill('95');
  await form.getByRole('button', { name: 'Add place' }).click();
  await expect(form.getByLabel('Country (required)')).toHaveAccessibleDescription('Country is required');
  await expect(form.getByLabel('Latitude (required)')).toHaveAccessibleDescription(
    /−90 \(south\) to 90 \(north\) Must be between -90 and 90/,
  );
  await expect(form.getByLabel('Longitude (required)')).toHaveAccessibleDescription(/Longitude is required/);

  await form.getByLabel('Country (required)').fill('Portugal');
  await form.getByLabel('Latitude (required)').fill('38.7223');
  await form.getByLabel('Longitude (required)').fill('-9.1393');
  await form.getByRole('button', { name: 'Add place' }).click();
  await expect(toast(page, `Place “${name}” added.`)).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('38.7223');
  await expect(row).toContainText('-9.1393');
  await expect(form.getByLabel('City')).toHaveValue('');

  // The same name again, in another case: the server's 409 is said on the city field.
  await form.getByLabel('City').fill(city.toUpperCase());
  await form.getByLabel('Country (required)').fill('portugal');
  await form.getByLabel('Latitude (required)').fill('1');
  await form.getByLabel('Longitude (required)').fill('1');
  await form.getByRole('button', { name: 'Add place' }).click();
  await expect(form.getByLabel('City')).toHaveAccessibleDescription(/exists already: edit that one instead/);

  // The filter narrows the table to the new place.
  await page.getByLabel('Filter places').fill(city);
  await expect(page.getByText('Showing 1 of')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Places', exact: true }).getByRole('row')).toHaveCount(2);

  // Edit in the dialog, pre-filled; focus returns to the Edit button.
  await row.getByRole('button', { name: `Edit ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Edit ${name}` });
  await expect(dialog.getByLabel('City')).toHaveValue(city);
  await expect(dialog.getByLabel('Latitude (required)')).toHaveValue('38.7223');
  await dialog.getByLabel('Latitude (required)').fill('38.7169');
  await dialog.getByRole('button', { name: 'Save place' }).click();
  await expect(toast(page, `Place “${name}” saved.`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('38.7169');
  await expect(row.getByRole('button', { name: `Edit ${name}` })).toBeFocused();

  // Kept after a reload, on the same tab.
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Places' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('38.7169', { timeout: 30_000 });

  await page
    .getByRole('row', { name: new RegExp(name) })
    .getByRole('button', { name: `Remove ${name}` })
    .click();
  await page.getByRole('dialog', { name: 'Remove place' }).getByRole('button', { name: 'Remove place' }).click();
  await expect(toast(page, `Place “${name}” removed.`)).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Places on the route map' })).toBeFocused();
});

test('Places: a place shipments use that is not listed shows with its shipments; Add fills the form, and it leaves the list once added', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signedIn(page);
  const city = `Unmapped ${Date.now().toString(36)}`;
  const name = `${city}, Atlantis`;
  const created = await page.request.post('/api/shipments', {
    data: {
      customer: 'Redwood Furniture Co.',
      origin: name,
      destination: 'Paris, France',
      type: 'Pallet',
      status: 'Preparing',
    },
  });
  expect(created.status(), await created.text()).toBe(201);

  await page.goto('/admin/settings?tab=places');
  const unmapped = page.getByRole('region', { name: 'Places shipments use that are not listed' });
  const row = unmapped.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Not drawn', { timeout: 30_000 });
  await expect(row.getByRole('link', { name: '1 shipment: search them' })).toHaveAttribute(
    'href',
    `/admin/shipments?q=${encodeURIComponent(name)}`,
  );
  await expectNoViolations(page, 'places, with places not listed');

  // Add starts the add form with the name, focus on what it lacks.
  await row.getByRole('button', { name: `Add ${name}` }).click();
  const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Add place' }) });
  await expect(form.getByLabel('City')).toHaveValue(city);
  await expect(form.getByLabel('Country (required)')).toHaveValue('Atlantis');
  await expect(form.getByLabel('Latitude (required)')).toBeFocused();
  // Again on the same place: focus goes back to what it lacks.
  await row.getByRole('button', { name: `Add ${name}` }).click();
  await expect(form.getByLabel('Latitude (required)')).toBeFocused();
  await page.keyboard.type('31.5');
  await form.getByLabel('Longitude (required)').fill('-24.25');
  await form.getByRole('button', { name: 'Add place' }).click();
  await expect(toast(page, `Place “${name}” added.`)).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(
    page.getByRole('region', { name: 'Places', exact: true }).getByRole('row', { name: new RegExp(name) }),
  ).toContainText('-24.25');
});

for (const viewport of [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'mobile', width: 390, height: 844 },
]) {
  test(`Places: axe-core finds no WCAG 2.2 AA violation (${viewport.name})`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await openPlaces(page);
    await expectNoViolations(page, 'places');
    await page.getByRole('button', { name: 'Add place' }).click();
    await expect(page.getByText('Country is required')).toBeVisible();
    await expectNoViolations(page, 'places, add form with errors');
    await page
      .getByRole('row', { name: /London, United Kingdom/ })
      .getByRole('button', { name: /^Edit / })
      .click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoViolations(page, 'places, edit dialog');
    await page.keyboard.press('Escape');
    await page
      .getByRole('row', { name: /London, United Kingdom/ })
      .getByRole('button', { name: /^Remove / })
      .click();
    await expect(page.getByRole('dialog', { name: 'Remove place' })).toBeVisible();
    await expectNoViolations(page, 'places, remove dialog');
  });
}
