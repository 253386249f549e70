import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { buildSeedShipments } from '../../../db/seed';
import { signedIn } from '../admin/session';

const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const numbers = buildSeedShipments()
  .slice(28, 30)
  .map((shipment) => shipment.tracking_number);

async function expectNoViolations(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze();
  expect(violations.map((v) => `${what}: ${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

test.describe('the integration screens at phone width', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('Integrations, Outbox and the print page have no WCAG 2.2 AA violations', async ({ page }) => {
    test.setTimeout(90_000);
    await signedIn(page, '/admin/settings?tab=integrations');
    await expect(page.getByRole('heading', { name: 'GPS Tracking API' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'API keys' }).or(page.getByText('No keys yet.'))).toBeVisible();
    await expectNoViolations(page, 'integrations');

    await page.goto('/admin/settings/outbox');
    // A loaded machine (parallel tests, a fresh function worker per call) can take a while to answer.
    await expect(page.getByRole('table', { name: 'Emails, newest first' })).toHaveAttribute('aria-busy', 'false', {
      timeout: 30_000,
    });
    await expectNoViolations(page, 'outbox');

    await page.goto(`/admin/waybills?numbers=${numbers.join(',')}`);
    await expect(page.getByRole('article', { name: `Waybill ${numbers[1]}` })).toBeVisible();
    await expectNoViolations(page, 'waybills');
    await page.getByLabel('Label (4 × 6 in)').check();
    await expect(page.getByRole('article', { name: `Label ${numbers[1]}` })).toBeVisible();
    await expectNoViolations(page, 'labels');

    await page.goto('/admin/waybills?numbers=NEC000000000');
    await expect(page.getByRole('alert')).toHaveText('Not found: NEC000000000');
    await expect(page.getByRole('button', { name: 'Print' })).toBeDisabled();
  });
});
