import { expect, type Page, test } from '@playwright/test';
import { buildSeedShipments } from '../../db/seed';
import { signedIn } from './admin/session';
import { hydrated } from './admin/sign-in';
import { PUBLIC_PAGES } from './public/helpers';

// Every page runs under its Content-Security-Policy with nothing refused, and loads nothing from
// another origin (the contact page's map included).

const sample = buildSeedShipments()[0]!.tracking_number;

/** Records CSP violations (the browser's event and its console report) and requests to other origins. */
function watch(page: Page, origin: string): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) problems.push(`console: ${message.text()}`);
  });
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol !== 'data:' && url.origin !== origin) problems.push(`request to another origin: ${request.url()}`);
  });
  return problems;
}

async function visit(page: Page, path: string): Promise<void> {
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(
        `Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`,
      ),
    );
  });
  const response = await page.goto(path);
  const csp = response?.headers()['content-security-policy'] ?? '';
  expect(csp, `${path} carries the CSP`).toContain("script-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(response?.headers()['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  // Lazy islands and images load when scrolled to.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForLoadState('networkidle');
}

test('every public page and the sign-in pages run under the CSP with nothing refused', async ({ page, baseURL }) => {
  const problems = watch(page, new URL(baseURL!).origin);
  for (const path of [
    ...PUBLIC_PAGES.map((p) => p.path),
    '/no-such-page',
    '/admin-login',
    '/admin-forgot-password',
    '/admin-sign-in-link',
    '/admin-invitation',
  ]) {
    await visit(page, path);
  }
  // Forms check their fields in the browser with zod, which must not try eval under the CSP.
  await page.goto('/');
  await page.getByRole('heading', { name: 'Request a quote' }).scrollIntoViewIfNeeded();
  await expect(page.locator('astro-island[component-url*="QuoteForm"]:not([ssr])')).toHaveCount(1);
  const quote = page.getByRole('form', { name: 'Request a quote' });
  await quote.getByRole('button', { name: 'Request a Quote' }).click();
  await expect(quote.getByLabel('Name')).toHaveAccessibleDescription('Please enter your name');
  await page.goto('/admin-login');
  await hydrated(page);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  expect(problems).toEqual([]);
});

test('every admin screen runs under the CSP with nothing refused', async ({ page, baseURL }) => {
  const problems = watch(page, new URL(baseURL!).origin);
  await signedIn(page);
  for (const path of [
    '/admin',
    '/admin/shipments',
    '/admin/new_shipment',
    `/admin/view_shipment/${sample}`,
    '/admin/nowhere',
  ]) {
    await visit(page, path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  // A form checked in the browser (an empty new shipment).
  await visit(page, '/admin/new_shipment');
  await page.getByRole('main').locator('button[type="submit"]').first().click();
  await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
  expect(problems).toEqual([]);
});
