import { expect, type Page, test } from '@playwright/test';
import { buildSeedShipments } from '../../../db/seed';
import { $router } from '../../../src/admin/router';
import { SETTINGS_TABS } from '../../../src/admin/screens/settings/tabs';
import { signedIn } from './session';

const PHONE = { width: 390, height: 844 };
const seeded = buildSeedShipments();
const sample = seeded[0]!.tracking_number;

/** The value each route parameter takes here: a seeded shipment and customer. */
const PARAMETERS: Record<string, string> = { trackingNumber: sample, id: 'CUS-1001' };
/** Query strings some screens need to show what they are for. */
const QUERIES: Partial<Record<string, string>> = { waybills: `?numbers=${seeded[1]!.tracking_number},${sample}` };

/** Every admin address: each route of the app's router with its parameters filled, each Settings tab on its own. */
function adminScreens(): { name: string; path: string }[] {
  return $router.routes.flatMap(([name, , , pattern = '']) => {
    const path = `${pattern.replace(/:(\w+)/g, (_, parameter: string) => PARAMETERS[parameter]!)}${QUERIES[name] ?? ''}`;
    if (name !== 'settings') return [{ name, path }];
    return SETTINGS_TABS.map((tab) => ({ name: `settings: ${tab.title}`, path: `${path}?tab=${tab.id}` }));
  });
}

/** Waits until the screen has drawn what it loads: its heading, and no placeholder, "Loading..." or busy table left. */
async function settled(page: Page) {
  // Either may come first; a screen of articles (the waybills) shows both at once.
  await expect(page.getByRole('heading', { level: 1 }).or(page.getByRole('article')).first()).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.locator('.animate-pulse')).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByText(/^Loading/)).toHaveCount(0, { timeout: 30_000 });
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 });
}

test.use({ viewport: PHONE });

test('no admin screen scrolls sideways at 390 px: wide tables scroll inside their own region', async ({ page }) => {
  // Fourteen screens, each waiting for its data: minutes on a busy two-core machine.
  test.setTimeout(420_000);
  // An email in the Outbox, so its table has a row to be wide with.
  const alert = await page.request.post('/api/alerts', {
    data: { tracking_number: sample, email: 'phone.width@example.com' },
    headers: { 'x-forwarded-for': '192.0.2.39' },
  });
  expect(alert.ok()).toBe(true);
  await signedIn(page);
  const screens = adminScreens();
  expect(screens.map((screen) => screen.name)).toEqual(
    expect.arrayContaining(['dashboard', 'outbox', 'settings: Places', 'waybills', 'viewShipment']),
  );
  const wide: string[] = [];
  for (const screen of screens) {
    await test.step(screen.name, async () => {
      await page.goto(screen.path);
      await settled(page);
      const width = await page.evaluate(() => document.scrollingElement!.scrollWidth);
      if (width > PHONE.width) wide.push(`${screen.name} (${screen.path}): ${width} px`);
    });
  }
  expect(wide).toEqual([]);
});

test('a wide table scrolls in a region the keyboard can reach', async ({ page }) => {
  test.setTimeout(120_000);
  await signedIn(page, '/admin/settings?tab=places');
  await settled(page);
  const region = page.getByRole('region', { name: 'Places', exact: true });
  await expect(region).toHaveAttribute('tabindex', '0');
  const { client, scroll } = await region.evaluate((element) => ({
    client: element.clientWidth,
    scroll: element.scrollWidth,
  }));
  expect(client).toBeLessThanOrEqual(PHONE.width);
  expect(scroll).toBeGreaterThan(client);
  await region.focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => region.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
});

test('the route map of a tracking result is readable at 390 px: place labels of 12 px or more', async ({ page }) => {
  test.setTimeout(120_000);
  const mapped = seeded.find((shipment) => shipment.status === 'delivered')!;
  await page.goto(`/track?number=${mapped.tracking_number}`);
  const map = page.getByTestId('route-map');
  // The lookup and then the map's own code and land shapes load after the page: a busy machine takes a while.
  await expect(map.locator('text')).toHaveCount(2, { timeout: 60_000 });
  const sizes = await map.locator('text').evaluateAll((labels) =>
    labels.map((label) => {
      const scale = (label as SVGTextElement).getScreenCTM()!.a;
      return Number.parseFloat(getComputedStyle(label).fontSize) * scale;
    }),
  );
  for (const size of sizes) expect(size).toBeGreaterThanOrEqual(12);
  // And each label lies on the map, not cut off at its edge.
  const box = (await map.boundingBox())!;
  for (const label of await map.locator('text').all()) {
    const text = (await label.boundingBox())!;
    expect(text.x).toBeGreaterThanOrEqual(box.x);
    expect(text.x + text.width).toBeLessThanOrEqual(box.x + box.width + 0.5);
  }
});
