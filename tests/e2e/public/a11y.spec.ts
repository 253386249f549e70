import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { buildSeedShipments } from '../../../db/seed';
import { DESKTOP, hydrated, MOBILE, PUBLIC_PAGES } from './helpers';

const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

async function audit(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

for (const [label, viewport] of [
  ['desktop', DESKTOP],
  ['mobile', MOBILE],
] as const) {
  test.describe(`axe at ${label} width`, () => {
    // Reduced motion shows reveal-on-scroll content at once, so axe sees every element as a person would.
    test.use({ viewport, reducedMotion: 'reduce' });

    for (const { path } of [...PUBLIC_PAGES, { path: '/missing-page' }]) {
      test(`${path} has no WCAG 2.2 AA violations`, async ({ page }) => {
        await page.goto(path);
        await hydrated(page, 'Navbar');
        await audit(page);
      });
    }

    test('the tracking result, the open menu and the support panel have none either', async ({ page }) => {
      await page.goto(`/track?number=${buildSeedShipments()[0]!.tracking_number}`);
      await expect(page.getByTestId('status-badge')).toBeVisible();
      await page.getByRole('button', { name: 'Support' }).click();
      if (label === 'mobile') await page.getByRole('button', { name: 'Open menu' }).click();
      await audit(page);
    });

    test('the quote form with errors has none', async ({ page }) => {
      await page.goto('/');
      await page.getByRole('heading', { name: 'Request a quote' }).scrollIntoViewIfNeeded();
      await hydrated(page, 'QuoteForm');
      await page.getByRole('button', { name: 'Request a Quote' }).click();
      await expect(page.getByText('Please select a service')).toBeVisible();
      await audit(page);
    });
  });
}
