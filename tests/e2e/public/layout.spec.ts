import { expect, test } from '@playwright/test';
import { company } from '../../../src/data/company';
import { DESKTOP, hydrated, MOBILE } from './helpers';

test('the navbar turns solid after 20 px of scroll and marks the current page', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/services');
  await hydrated(page, 'Navbar');
  const header = page.locator('header[data-scrolled]');
  await expect(header).toHaveCSS('position', 'fixed');
  await expect(header).toHaveAttribute('data-scrolled', 'false');
  // Each position is checked by the change it brings, so none waits on a bar that might still change: past
  // 20 px solid, back at exactly 20 px not, past it again solid, at the top not.
  for (const [y, scrolled] of [
    [21, 'true'],
    [20, 'false'],
    [21, 'true'],
    [0, 'false'],
  ] as const) {
    await page.evaluate((y) => window.scrollTo(0, y), y);
    await expect(header).toHaveAttribute('data-scrolled', scrolled);
  }

  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Services' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current', 'page');
});

test('on a small screen the menu opens, and closes when a link is chosen', async ({ page }) => {
  await page.setViewportSize(MOBILE);
  await page.goto('/');
  await hydrated(page, 'Navbar');
  const nav = page.getByRole('navigation', { name: 'Main' });
  const about = nav.getByRole('link', { name: 'About' });
  await expect(about).toBeHidden();
  const toggle = nav.getByRole('button', { name: 'Open menu' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(nav.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
  await expect(about).toBeVisible();
  await about.click();
  await expect(page).toHaveURL(/\/about\/?$/);
  await hydrated(page, 'Navbar');
  await expect(nav.getByRole('link', { name: 'About' })).toBeHidden();

  await nav.getByRole('button', { name: 'Open menu' }).click();
  await nav.getByRole('link', { name: 'Track' }).click();
  await expect(page).toHaveURL(/\/track\/?$/);
  await expect(nav.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
});

test('pages open at the top', async ({ page }) => {
  await page.goto('/about');
  await page.evaluate(() => window.scrollTo(0, 800));
  await page.reload();
  await page.waitForLoadState('load');
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test('marked elements reveal once within 100 px of the viewport bottom', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/');
  const tile = page.locator('#tiles-title + div [data-reveal]').first();
  await expect(tile).not.toHaveClass(/revealed/);
  await expect(tile).toHaveCSS('opacity', '0');
  // Bring its top to 50 px above the viewport bottom: still hidden; then to 150 px: revealed.
  const placeTopAbove = (offset: number) =>
    tile.evaluate((element, offset) => {
      const top = element.getBoundingClientRect().top + window.scrollY;
      window.scrollTo(0, top - window.innerHeight + offset);
    }, offset);
  // The browser reports intersections to observers in the order they were made, in one task: once an observer
  // made now with the page's margin has had its report, the page's observer has had its chance to reveal.
  await placeTopAbove(50);
  const seenRevealing = await tile.evaluate(
    (element) =>
      new Promise<boolean>((resolve) => {
        const observer = new IntersectionObserver(
          ([entry]) => {
            observer.disconnect();
            resolve(entry!.isIntersecting);
          },
          { rootMargin: '0px 0px -100px 0px' },
        );
        observer.observe(element);
      }),
  );
  expect(seenRevealing).toBe(false);
  await expect(tile).not.toHaveClass(/revealed/);
  await placeTopAbove(150);
  await expect(tile).toHaveClass(/revealed/);
  await expect(tile).toHaveCSS('opacity', '1');
});

test('with reduced motion or without JavaScript everything is visible at once', async ({ browser }) => {
  const reduced = await browser.newContext({ reducedMotion: 'reduce' });
  const page = await reduced.newPage();
  await page.goto('/');
  await expect(page.locator('#tiles-title + div [data-reveal]').first()).toHaveCSS('opacity', '1');
  await reduced.close();

  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const plain = await noScript.newPage();
  await plain.goto('/about');
  await expect(plain.locator('#team-title + div [data-reveal]').first()).toHaveCSS('opacity', '1');
  await noScript.close();
});

test('without JavaScript a small screen shows the menu links instead of a dead button', async ({ browser }) => {
  const noScript = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 740 } });
  const page = await noScript.newPage();
  await page.goto('/about');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('button')).toBeHidden();
  for (const name of ['Home', 'About', 'Services', 'Track', 'Contact']) {
    await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('heading', { level: 1 })).toBeInViewport();
  await nav.getByRole('link', { name: 'Services', exact: true }).click();
  await expect(page).toHaveURL(/\/services\/?$/);
  await noScript.close();
});

test('the support button opens a panel with phone, email, hours and the contact link', async ({ page }) => {
  await page.goto('/faq');
  const button = page.getByRole('button', { name: 'Support' });
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await button.click();
  const panel = page.getByRole('region', { name: 'Need help?' });
  await expect(panel).toBeVisible();
  await expect(panel).toContainText(company.phone);
  await expect(panel).toContainText(company.emails.support);
  await expect(panel).toContainText(`Urgent line, ${company.hours.urgentLine}: ${company.urgentPhone}`);
  await expect(panel).toContainText(`Call us, ${company.hours.callSupport}: ${company.phone}`);
  await expect(panel).toContainText(`Track a shipment online ${company.hours.onlineTracking}`);
  await expect(panel.getByRole('link', { name: 'All contact options' })).toHaveAttribute('href', '/contact');
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(button).toBeFocused();
});
