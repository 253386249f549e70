import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { buildSeedShipments } from '../../../db/seed';
import { signedIn } from './session';
import { hydrated } from './sign-in';

const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const sample = buildSeedShipments()[0]!.tracking_number;

async function expectNoViolations(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze();
  expect(violations.map((v) => `${what}: ${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

for (const viewport of [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'mobile', width: 390, height: 844 },
]) {
  test.describe(`axe-core, WCAG 2.2 AA, ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('sign-in, forgot-password, reset and invitation pages', async ({ page }) => {
      // Seven pages, each an axe run: longer than the usual 45 s on a busy two-core machine.
      test.setTimeout(120_000);
      await page.goto('/admin-login');
      await hydrated(page);
      await expectNoViolations(page, 'login');
      await page.getByRole('button', { name: 'Sign In' }).click();
      await expect(page.getByText('Email is required')).toBeVisible();
      await expectNoViolations(page, 'login with errors');
      await page.goto('/admin-forgot-password');
      await hydrated(page);
      await expectNoViolations(page, 'forgot password');
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await expect(page.getByText('Email is required')).toBeVisible();
      await expectNoViolations(page, 'forgot password with errors');
      await page.goto('/admin-reset-link-sent');
      await expectNoViolations(page, 'reset link sent');
      await page.goto('/admin-reset-password#not-a-link-we-sent');
      await expect(page.getByRole('alert').filter({ hasText: 'not valid' })).toBeVisible();
      await expectNoViolations(page, 'reset link refused');
      await page.goto('/admin-invitation#made-up-token');
      await expect(page.getByRole('alert')).toBeVisible();
      await expectNoViolations(page, 'invitation link not valid');
    });

    test('every admin screen and dialog', async ({ page }) => {
      test.setTimeout(360_000);
      await signedIn(page);
      await expect(page.getByRole('heading', { name: 'Recent Shipments' })).toBeVisible();
      await expect(page.locator('figure .recharts-wrapper')).toBeVisible();
      await expectNoViolations(page, 'dashboard');

      if (viewport.name === 'mobile') {
        await page.getByRole('button', { name: 'Menu' }).click();
        await expectNoViolations(page, 'open sidebar');
        await page.getByRole('button', { name: 'Menu' }).click();
      }

      await page.goto('/admin/shipments');
      await expect(page.getByText(/Showing [\d,-]+ of \d+ shipments/)).toBeVisible();
      await page.getByRole('button', { name: 'Filters' }).click();
      await expectNoViolations(page, 'shipments');
      await page.getByRole('button', { name: 'Quick add' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectNoViolations(page, 'add dialog');
      await page.getByRole('combobox', { name: 'Customer' }).fill('har');
      await expect(page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option').first()).toBeVisible();
      await expectNoViolations(page, 'add dialog, customer suggestions open');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('listbox')).toBeHidden();
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.keyboard.press('Escape');
      await page
        .getByRole('button', { name: /^Edit NEC/ })
        .first()
        .click();
      await expect(page.getByRole('dialog').getByRole('heading', { name: 'Staff notes' })).toBeVisible();
      await expectNoViolations(page, 'edit dialog');
      await page.keyboard.press('Escape');

      await page.goto('/admin/shipments/import');
      await expect(page.getByRole('heading', { name: 'Import history' })).toBeVisible();
      await expectNoViolations(page, 'import shipments');

      await page.goto('/admin/new_shipment');
      await expect(page.getByRole('heading', { level: 1, name: 'Add New Shipment' })).toBeVisible();
      await expectNoViolations(page, 'new shipment');
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect(page.getByRole('alert')).toBeVisible();
      await expectNoViolations(page, 'new shipment with errors');

      await page.goto(`/admin/view_shipment/${sample}`);
      await expect(page.getByRole('heading', { name: `Tracking # ${sample}` })).toBeVisible();
      await expectNoViolations(page, 'view shipment');
      await page.getByRole('tab', { name: 'Update Location' }).click();
      await expectNoViolations(page, 'view shipment, location tab');
      await page.getByRole('button', { name: 'Edit shipment' }).click();
      await expect(page.getByRole('dialog').getByLabel('Recipient address')).toBeVisible();
      await expectNoViolations(page, 'view shipment, edit dialog');
      await page.keyboard.press('Escape');

      await page.goto('/admin/view_shipment/NEC000000000');
      // netlify serve retries a function's 404 four times (.html, /index.html...) before answering it.
      await expect(page.getByText('Shipment not found.')).toBeVisible({ timeout: 30_000 });
      await expectNoViolations(page, 'shipment not found');

      await page.goto('/admin/customers');
      await expect(page.getByText(/Showing [\d,-]+ of \d+ customers/)).toBeVisible();
      await page.getByRole('button', { name: 'Filters' }).click();
      await expectNoViolations(page, 'customers');
      await page.getByRole('button', { name: 'New Customer' }).click();
      await expect(page.getByRole('dialog', { name: 'New Customer' })).toBeVisible();
      await page.getByRole('button', { name: 'Create Customer' }).click();
      await expect(page.getByText('Customer name is required')).toBeVisible();
      await expectNoViolations(page, 'new customer dialog with errors');
      await page.keyboard.press('Escape');

      await page.goto('/admin/customers/CUS-1001');
      await expect(page.getByRole('heading', { level: 1, name: /Harbor Point Retail/ })).toBeVisible();
      await expect(page.getByRole('link', { name: /^NEC/ }).first()).toBeVisible();
      await expectNoViolations(page, 'customer page');
      await page.goto('/admin/customers/CUS-0000');
      await expect(page.getByText('Customer not found.')).toBeVisible({ timeout: 30_000 });
      await expectNoViolations(page, 'customer not found');

      const quote = await page.request.post('/api/quotes', {
        data: { name: 'Axe Requester', email: 'axe@example.com', service: 'Ocean Freight', origin: 'Oslo' },
        headers: { 'x-forwarded-for': `192.0.2.${viewport.width % 250}` },
      });
      expect(quote.status()).toBe(201);
      await page.goto('/admin/quotes');
      await expect(page.getByText(/Showing [\d,-]+ of \d+ quote requests/)).toBeVisible();
      await expectNoViolations(page, 'quote requests');

      await page.goto('/admin/settings');
      await expect(page.getByRole('heading', { name: 'Company Information' })).toBeVisible();
      await expectNoViolations(page, 'settings, general');
      await page.getByRole('tab', { name: 'Notifications' }).click();
      await expect(page.getByRole('switch').first()).toBeVisible();
      await expectNoViolations(page, 'settings, notifications');

      await page.goto('/admin/audit');
      await expect(page.getByText(/Showing [\d,-]+ of [\d,]+\+? entries/)).toBeVisible();
      await expectNoViolations(page, 'audit trail');
      await page.goto('/admin/audit?action=nothing_like_this');
      await expect(page.getByText('No entries match these filters.')).toBeVisible();
      await expectNoViolations(page, 'audit trail, nothing found');

      await page.goto(`/admin/view_shipment/${sample}`);
      await expect(page.getByRole('heading', { name: 'Customer' })).toBeVisible();
      await expect(page.getByRole('link', { name: /Harbor|Redwood|Brightline|Kestrel|Southern/ })).toBeVisible();
      await expectNoViolations(page, 'view shipment with its customer');

      await page.goto('/admin/team');
      await expect(page.getByRole('region', { name: 'Staff accounts' })).toBeVisible();
      await expect(page.getByRole('switch').first()).toBeVisible();
      await page.getByRole('button', { name: 'Send invitation' }).click();
      await expect(page.getByText('Email is required')).toBeVisible();
      await expectNoViolations(page, 'team, invite with errors');
      await page
        .getByRole('button', { name: /^Deactivate / })
        .first()
        .click();
      await expect(page.getByRole('dialog', { name: 'Deactivate account' })).toBeVisible();
      await expectNoViolations(page, 'team, deactivate dialog');
      await page.keyboard.press('Escape');

      await page.goto('/admin/nothing-here');
      await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
      await expectNoViolations(page, 'not found');
    });
  });
}
