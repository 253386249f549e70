import { expect, test } from '@playwright/test';
import { company } from '../../../src/data/company';
import { aboutStats, figures, homeFigures, homeStats } from '../../../src/data/figures';
import { homeServices } from '../../../src/data/services';
import { collectErrors, PUBLIC_PAGES } from './helpers';

test.describe('every public page', () => {
  for (const { path, heading } of PUBLIC_PAGES) {
    test(`${path} renders with its head tags and no console errors`, async ({ page }) => {
      const errors = collectErrors(page);
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
      await expect(page.getByRole('contentinfo')).toContainText(company.phone);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{50,}/);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
        'href',
        new RegExp(`${path === '/' ? '' : path}/$`),
      );
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /.+/);
      await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', '/favicon.svg');
      await page.waitForLoadState('networkidle');
      expect(errors).toEqual([]);
    });
  }

  test('titles and descriptions are unique', async ({ page }) => {
    const titles = new Set<string>();
    const descriptions = new Set<string>();
    for (const { path } of PUBLIC_PAGES) {
      await page.goto(path);
      titles.add(await page.title());
      descriptions.add((await page.locator('meta[name="description"]').getAttribute('content')) ?? '');
    }
    expect(titles.size).toBe(PUBLIC_PAGES.length);
    expect(descriptions.size).toBe(PUBLIC_PAGES.length);
  });
});

test('the home page shows its sections in order', async ({ page }) => {
  await page.goto('/');
  const hero = page.locator('main > section').first();
  await expect(hero.getByRole('link', { name: 'Track Shipment' })).toHaveAttribute('href', '/track');
  await expect(hero.getByRole('link', { name: 'Contact Logistics Team' })).toHaveAttribute('href', '/contact');
  await expect(hero).toContainText(`${figures.partnerCountries.value} countries`);
  await expect(hero).toContainText(`Our partner network reaches ${figures.partnerCountries.value} countries`);
  const headings = await page.locator('main h2').allTextContents();
  expect(headings).toEqual([
    'Freight that moves the world',
    `About ${company.name}`,
    'Services for homes and businesses',
    'Request a quote',
    'Our network in figures',
    'What our customers say',
    'Shipping made simple',
  ]);
  for (const stat of [...homeStats, ...homeFigures]) {
    await expect(page.getByText(stat.value, { exact: true })).toBeAttached();
    await expect(page.getByRole('term').filter({ hasText: stat.label })).toBeAttached();
  }
  await expect(page.getByText('Active contract clients', { exact: true })).toBeAttached();
  await expect(page.getByRole('link', { name: 'Learn More About Us' })).toHaveAttribute('href', '/about');
  for (const service of homeServices) {
    await expect(page.getByRole('heading', { name: service.title })).toBeAttached();
    await expect(page.getByRole('link', { name: `Learn More about ${service.title}` })).toHaveAttribute(
      'href',
      `/services#${service.id}`,
    );
  }
  await expect(page.locator('#testimonials-title + div figure')).toHaveCount(6);
  for (const tile of ['Call Back From Office', 'Delivery Availability', 'Online Shipping', 'Global Access']) {
    await expect(page.getByRole('heading', { name: tile })).toBeAttached();
  }
});

test('about, services and contact show their sections', async ({ page }) => {
  await page.goto('/about');
  for (const name of ['Our Story', 'Mission and Vision', 'Our Core Values', 'Leadership Team']) {
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  }
  for (const value of ['Reliability', 'Customer Focus', 'Excellence', 'Integrity']) {
    await expect(page.getByRole('heading', { level: 3, name: value })).toBeAttached();
  }
  for (const stat of aboutStats) await expect(page.getByRole('term').filter({ hasText: stat.label })).toBeAttached();
  await expect(page.getByText(`Clients served since ${company.founded}`)).toBeAttached();

  await page.goto('/services');
  for (const name of [
    'Core Logistics Services',
    'Storage and Moving',
    'How It Works',
    'Specialized Services',
    'Service Comparison',
    'Frequently Asked Questions',
  ]) {
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  }
  await expect(page.getByRole('link', { name: /^Learn More about/ })).toHaveCount(6);
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(6);
  await expect(page.getByRole('row', { name: /Heavy Freight 5\+ days 250 kg \(551 lbs\) and more/ })).toBeVisible();
  await page.getByText('What items are prohibited from shipping?').click();
  await expect(page.getByText(/Explosives, flammable liquids/)).toBeVisible();

  await page.goto('/contact');
  await expect(page.getByRole('main')).toContainText(company.emails.support);
  await expect(page.getByRole('main')).toContainText(company.emails.sales);
  await expect(page.getByRole('main')).toContainText(company.address.city);
  // The map is drawn on this site; the link leads to OpenStreetMap.
  await expect(page.locator('iframe')).toHaveCount(0);
  const map = page.getByRole('img', { name: /^Map of Northern California/ });
  await expect(map).toHaveAttribute('src', '/images/office-map.svg');
  await map.scrollIntoViewIfNeeded();
  await expect.poll(() => map.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(600);
  await expect(page.getByRole('link', { name: /^Open in OpenStreetMap/ })).toHaveAttribute(
    'href',
    /^https:\/\/www\.openstreetmap\.org\/\?mlat=38\.5766&mlon=-121\.4980/,
  );
  for (const country of ['USA', 'United Kingdom', 'Australia']) {
    await expect(page.getByRole('heading', { level: 3, name: country })).toBeAttached();
  }
});

test('an unknown path answers 404 with the not-found page and logs the path', async ({ page }) => {
  const logged: string[] = [];
  page.on('console', (message) => logged.push(message.text()));
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: /Page Not Found/ })).toBeVisible();
  await expect(page.getByText("The page you are looking for doesn't exist or has been moved.")).toBeVisible();
  await expect.poll(() => logged.some((text) => text.includes('/no/such/page'))).toBe(true);
  await page.getByRole('link', { name: 'Back to Homepage' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('sitemap lists the public pages only; robots keeps crawlers out of admin', async ({ request }) => {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  for (const { path } of PUBLIC_PAGES) expect(sitemap).toContain(`${path === '/' ? '' : path}/</loc>`);
  expect(sitemap).not.toContain('/admin');
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain('Disallow: /admin');
  expect(robots).toMatch(/Sitemap: http.*\/sitemap\.xml/);
});

test('pages load only the islands they use', async ({ page }) => {
  const islands = async (path: string) => {
    await page.goto(path);
    return page
      .locator('astro-island')
      .evaluateAll((nodes) =>
        nodes.map(
          (node) =>
            `${node.getAttribute('component-url')!.match(/\/_astro\/([A-Za-z]+)\./)![1]}:${node.getAttribute('client')}`,
        ),
      );
  };
  expect(await islands('/')).toEqual(['Navbar:idle', 'QuoteForm:visible']);
  expect(await islands('/track')).toEqual(['Navbar:idle', 'TrackingWidget:idle']);
  for (const path of ['/about', '/services', '/contact', '/faq', '/terms', '/privacy', '/missing']) {
    expect(await islands(path)).toEqual(['Navbar:idle']);
  }
});
