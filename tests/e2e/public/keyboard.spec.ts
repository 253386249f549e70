import { expect, test } from '@playwright/test';
import { buildSeedShipments } from '../../../db/seed';
import { hydrated, PUBLIC_PAGES } from './helpers';

test.use({ reducedMotion: 'reduce' });

for (const { path } of PUBLIC_PAGES) {
  test(`${path}: Tab reaches every control, each visible and in view`, async ({ page }) => {
    await page.goto(path);
    await hydrated(page, 'Navbar');
    const expected = await page.evaluate(
      () =>
        [
          ...document.querySelectorAll<HTMLElement>(
            'a[href], button, input, select, textarea, summary, [tabindex="0"]',
          ),
        ].filter(
          (element) =>
            !element.closest('[hidden]') &&
            element.getClientRects().length > 0 &&
            !(element as HTMLButtonElement).disabled,
        ).length,
    );
    const seen = new Set<string>();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
    for (let i = 0; i < expected + 5; i++) {
      const info = await page.evaluate(() => {
        const element = document.activeElement as HTMLElement | null;
        if (!element || element === document.body) return null;
        const rect = element.getBoundingClientRect();
        const inView = rect.bottom > 0 && rect.top < window.innerHeight && rect.width > 0 && rect.height > 0;
        const path = [];
        for (let node: Element | null = element; node; node = node.parentElement) {
          path.unshift(`${node.tagName}:${[...(node.parentElement?.children ?? [])].indexOf(node)}`);
        }
        return { key: path.join('>'), inView };
      });
      if (info) {
        expect(info.inView).toBe(true);
        seen.add(info.key);
      }
      await page.keyboard.press('Tab');
    }
    expect(seen.size).toBeGreaterThanOrEqual(expected);
  });
}

test('tracking works by keyboard alone', async ({ page }) => {
  const sample = buildSeedShipments()[1]!;
  await page.goto('/track');
  await hydrated(page, 'TrackingWidget');
  await page.getByLabel('Tracking Number').focus();
  await page.keyboard.type(sample.tracking_number);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: `Shipment #${sample.tracking_number}` })).toBeVisible();
});

test('the mobile menu and the support panel work by keyboard', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await hydrated(page, 'Navbar');
  await page.getByRole('button', { name: 'Open menu' }).focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');

  await page.getByRole('button', { name: 'Support' }).focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('region', { name: 'Need help?' }).getByRole('link').first()).toBeFocused();
});
