import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { DESKTOP, MOBILE } from './helpers';

const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Partial<Record<(typeof METHODS)[number], { operationId: string }>>>;
}

test('the OpenAPI document is served as JSON and lists the staff read', async ({ request }) => {
  const response = await request.get('/api/openapi.json');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^application\/json/);
  const document = await response.json();
  expect(document.openapi).toBe('3.1.0');
  expect(Object.keys(document.paths)).toEqual(
    expect.arrayContaining(['/api/tracking/{trackingNumber}', '/api/shipments/{trackingNumber}', '/api/trackings']),
  );
});

test('the API reference lists every operation of the document and runs under the CSP with nothing refused', async ({
  page,
  request,
}) => {
  const spec: OpenApiDocument = await (await request.get('/api/openapi.json')).json();
  const operations = Object.entries(spec.paths).flatMap(([path, item]) =>
    METHODS.flatMap((method) => (item[method] ? [{ method: method.toUpperCase(), path, ...item[method] }] : [])),
  );
  expect(operations.length).toBeGreaterThan(40);

  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || /Content Security Policy|Refused to/i.test(message.text())) {
      problems.push(message.text());
    }
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  const response = await page.goto('/api-docs');
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(page.getByRole('heading', { level: 1, name: 'API reference' })).toBeVisible();
  // The reference is in the served HTML itself: no viewer fetches the document in the browser.
  const html = (await response?.text()) ?? '';
  expect(html.includes('id="op-shipments-get"'), 'the served HTML has the staff read').toBe(true);

  // Read in one pass (the page is long): each call's heading, its operation id, and the contents' links.
  const listed = await page.evaluate(() => {
    const text = (element: Element | null) => element?.textContent.replace(/\s+/g, ' ').trim() ?? '';
    return {
      articles: [...document.querySelectorAll('main article')].map((article) => ({
        title: text(article.querySelector('h3')),
        labelledBy: text(document.getElementById(article.getAttribute('aria-labelledby') ?? '')),
        details: [...article.querySelectorAll('dt')].map((term) => `${text(term)} ${text(term.nextElementSibling)}`),
        sections: [...article.querySelectorAll('h4')].map(text),
      })),
      contents: [...document.querySelectorAll('nav[aria-labelledby="api-contents-title"] a[href^="#op-"]')].map(text),
    };
  });
  const expected = operations.map(({ method, path }) => `${method} ${path}`);
  expect(listed.articles.map(({ title }) => title).sort()).toEqual([...expected].sort());
  expect(listed.contents.sort()).toEqual([...expected].sort());
  for (const { method, path, operationId } of operations) {
    const article = listed.articles.find(({ title }) => title === `${method} ${path}`)!;
    expect(article.labelledBy).toBe(article.title);
    expect(article.details, `${method} ${path}`).toContain(`Operation id ${operationId}`);
    expect(article.details[0]).toMatch(/^Access (Public: no credentials\.|Staff session|Device API key)/);
    expect(article.sections).toContain('Responses');
  }
  const contents = page.getByRole('navigation', { name: 'Contents' });
  const download = page.getByRole('link', { name: 'Download the OpenAPI 3.1 document' });
  await expect(download).toHaveAttribute('href', '/api/openapi.json');

  // The contents link to each call, and a field that names a shared schema links to it.
  await contents.getByRole('link', { name: 'GET /api/trackings', exact: true }).click();
  await expect(page).toHaveURL(/#op-shipments-list$/);
  const list = page.getByRole('article', { name: 'GET /api/trackings', exact: true });
  await expect(list.getByText('Staff session', { exact: false }).first()).toBeVisible();
  await expect(list.getByRole('rowheader', { name: /^data\[\]\.tracking_number/ })).toBeVisible();
  const lookup = page.getByRole('article', { name: 'GET /api/tracking/{trackingNumber}', exact: true });
  await expect(lookup.getByText('Public: no credentials.')).toHaveCount(1);
  const scans = page.getByRole('article', { name: 'POST /api/scans', exact: true });
  await expect(scans.getByText(/Device API key \(Bearer token\)/)).toHaveCount(1);
  await list.getByRole('row', { name: /^422/ }).getByRole('link', { name: 'ApiError' }).click();
  await expect(page.getByRole('heading', { level: 3, name: 'ApiError' })).toBeInViewport();

  // Only the layout's own scripts (navbar island, reveal): the reference itself needs none.
  const scripts = await page
    .locator('script[src]')
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('src')));
  expect(scripts.filter((src) => /swagger|api-docs/i.test(src ?? ''))).toEqual([]);
  expect(problems).toEqual([]);
});

for (const [label, viewport] of [
  ['desktop', DESKTOP],
  ['mobile', MOBILE],
] as const) {
  test(`the API reference has no WCAG 2.2 AA violations at ${label} width`, async ({ page }) => {
    // A long page (every field of every call): axe takes 15-80 s over it on a busy 2-core machine.
    test.setTimeout(240_000);
    await page.setViewportSize(viewport);
    await page.goto('/api-docs');
    const { violations } = await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
}
