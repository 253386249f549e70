import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { buildSeedShipments } from '../../../db/seed';
import { seedAdminCredentials } from '../../../netlify/lib/env';
import { STATUS_LABELS } from '../../../src/lib/shipment-status';
import { formatWeight } from '../../../src/lib/weight';
import { openE2eDatabase } from '../../helpers/e2e-db';
import { addShipment, ADDED_RECIPIENT as revealed } from '../../helpers/proof-stops';
import { DESKTOP, hydrated, MOBILE } from './helpers';

const shipments = buildSeedShipments();
const delivered = shipments.find((shipment) => shipment.status === 'delivered' && shipment.histories.length > 4)!;
const inTransit = shipments.find((shipment) => shipment.status === 'in_transit')!;
/** Seeded shipments no other test reads or changes, by use (indexes into the demo data). */
const seeded = (index: number) => shipments[index]!;
const [sharedA, sharedB, backA, backB, backC] = [seeded(12), seeded(31), seeded(13), seeded(28), seeded(14)];
const mapped = seeded(29);
const [axeA, keyA, keyB] = [seeded(16), seeded(17), seeded(32)];

/** A shipment of the test's own, out for delivery to `revealed`. */
async function ownShipment(): Promise<string> {
  const db = openE2eDatabase();
  return addShipment(db).finally(() => db.close());
}

async function openTrack(page: Page, query = '') {
  await page.goto(`/track${query}`);
  await hydrated(page, 'TrackingWidget');
}

const input = (page: Page) => page.getByLabel('Tracking Number');
const trackButton = (page: Page) => page.getByRole('button', { name: 'Track Shipment' });
const heading = (page: Page, number: string) => page.getByRole('heading', { name: `Shipment #${number}` });
const panel = (page: Page, number: string) => page.getByRole('region', { name: `Shipment #${number}` });

test('a seeded number shows the result: badge, estimated delivery, progress, timeline newest first, private details', async ({
  page,
}) => {
  await openTrack(page);
  await input(page).fill(delivered.tracking_number.toLowerCase());
  await input(page).press('Enter');
  await expect(heading(page, delivered.tracking_number)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`\\?number=${delivered.tracking_number}$`));

  const badge = page.getByTestId('status-badge');
  await expect(badge).toHaveText('Delivered');
  await expect(badge).toHaveClass(/bg-green-100/);
  await expect(page.getByTestId('estimated-delivery')).toContainText(/Delivered (on time|late)/);
  await expect(page.getByRole('list', { name: 'Progress' }).getByRole('listitem').last()).toHaveAttribute(
    'aria-current',
    'step',
  );

  // Newest first: the first few, then all of them.
  const steps = page.getByRole('list', { name: 'Shipment history, newest first' }).getByRole('listitem');
  await expect(steps).toHaveCount(4);
  await page.getByRole('button', { name: `Show all ${delivered.histories.length} events` }).click();
  await expect(steps).toHaveCount(delivered.histories.length);
  const texts = await steps.allTextContents();
  [...delivered.histories].reverse().forEach((history, index) => {
    expect(texts[index]).toContain(STATUS_LABELS[history.status]);
    expect(texts[index]).toContain(history.place);
    expect(texts[index]).toContain(history.notes);
  });
  // Seed times are relative to when the seed ran, so compare with the newest entry on the page.
  const times = await steps.locator('time').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('datetime')!));
  expect([...times].sort().reverse()).toEqual(times);
  await expect(page.getByText('Last updated:').locator('time')).toHaveAttribute('datetime', times[0]!);

  // The detail grid, private by default: first name and initial, the recipient's city and country.
  const details = page.locator('dl').last();
  const [first, last] = delivered.sender_name.split(' ');
  await expect(details).toContainText(`Order ID${delivered.tracking_number}`);
  await expect(details).toContainText(`Sender Name${first} ${last![0]}.`);
  await expect(details).toContainText(`Recipient Address${delivered.destination}`);
  await expect(details).toContainText(`Weight${formatWeight(delivered.weight!)}`);
  await expect(details).toContainText('StatusDelivered');
  await expect(details).toContainText(`Destination${delivered.destination}`);
  await expect(page.getByText(delivered.recipient_address)).toHaveCount(0);
});

test('a shared URL fills the input and looks up at once', async ({ page }) => {
  await openTrack(page, `?number=${inTransit.tracking_number}`);
  await expect(input(page)).toHaveValue(inTransit.tracking_number);
  await expect(page.getByTestId('status-badge')).toHaveText('In Transit');
  await expect(page.getByTestId('status-badge')).toHaveClass(/bg-blue-100/);
});

test('two numbers from a shared URL: one request, a collapsible result each', async ({ page }) => {
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) calls.push(`${request.method()} ${url.pathname}`);
  });
  await openTrack(page, `?number=${sharedA.tracking_number},${sharedB.tracking_number}`);
  await expect(heading(page, sharedA.tracking_number)).toBeVisible();
  await expect(heading(page, sharedB.tracking_number)).toBeVisible();
  await expect(input(page)).toHaveValue(`${sharedA.tracking_number}, ${sharedB.tracking_number}`);
  expect(calls).toEqual(['POST /api/tracking/batch']);

  const toggle = page.getByRole('button', { name: `Shipment #${sharedA.tracking_number}` });
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(panel(page, sharedA.tracking_number).getByText('Shipment history')).toBeHidden();
  await expect(panel(page, sharedB.tracking_number).getByText('Shipment history')).toBeVisible();
  await toggle.click();
  await expect(panel(page, sharedA.tracking_number).getByText('Shipment history')).toBeVisible();
});

test('each search is a page in the history: Back and Forward show it again', async ({ page }) => {
  await openTrack(page);
  await input(page).fill(backA.tracking_number);
  await trackButton(page).click();
  await expect(heading(page, backA.tracking_number)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`\\?number=${backA.tracking_number}$`));

  await input(page).fill(`${backB.tracking_number}\n${backC.tracking_number.toLowerCase()}`);
  await trackButton(page).click();
  await expect(heading(page, backC.tracking_number)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`\\?number=${backB.tracking_number},${backC.tracking_number}$`));

  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`\\?number=${backA.tracking_number}$`));
  await expect(heading(page, backA.tracking_number)).toBeVisible();
  await expect(heading(page, backB.tracking_number)).toHaveCount(0);
  await expect(input(page)).toHaveValue(backA.tracking_number);

  await page.goBack();
  await expect(page).toHaveURL(/\/track\/?$/);
  await expect(heading(page, backA.tracking_number)).toHaveCount(0);

  await page.goForward();
  await page.goForward();
  await expect(heading(page, backB.tracking_number)).toBeVisible();
  await expect(heading(page, backC.tracking_number)).toBeVisible();
});

test('an unknown number says what to check and offers the contact page, and clears the previous result', async ({
  page,
}) => {
  await openTrack(page, `?number=${inTransit.tracking_number}`);
  await expect(page.getByTestId('status-badge')).toBeVisible();
  await input(page).fill('NECO00000000');
  await trackButton(page).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('No shipment found with this tracking number');
  await expect(alert).toContainText('NEC followed by 9 letters or digits');
  await expect(alert).toContainText('the letter O and the digit 0');
  await expect(alert.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact');
  await expect(page.getByTestId('status-badge')).toHaveCount(0);
  await expect(page).toHaveURL(/\?number=NECO00000000$/);
});

test('among several numbers, each unknown or malformed one gets its own explanation', async ({ page }) => {
  await openTrack(page, `?number=${inTransit.tracking_number},NEC000000000,NEC12`);
  await expect(heading(page, inTransit.tracking_number)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Tracking number NEC000000000' })).toContainText(
    'No shipment found with this tracking number',
  );
  await expect(page.getByRole('region', { name: 'Tracking number NEC12' })).toContainText('NEC followed by 9');
});

test('empty input, or more than 10 numbers, shows the message and sends no request', async ({ page }) => {
  await openTrack(page);
  const requests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/')) requests.push(request.url());
  });
  await input(page).fill('   ');
  await trackButton(page).click();
  await expect(page.getByRole('alert')).toHaveText('Please enter a tracking number');
  await input(page).fill(Array.from({ length: 11 }, (_, i) => `NEC00000000${i % 10}${i}`).join(' '));
  await trackButton(page).click();
  await expect(page.getByRole('alert')).toHaveText('Enter at most 10 tracking numbers at once (you entered 11).');
  // A lookup that is sent, after them: a request of the refused ones would have gone out before its own.
  const sent = page.waitForResponse((response) => response.url().includes('/api/'));
  await input(page).fill('NEC000000000');
  await trackButton(page).click();
  expect(requests).toEqual([(await sent).url()]);
});

test('the button is disabled and says so while the lookup runs', async ({ page }) => {
  await openTrack(page);
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/tracking/**', async (route) => {
    await held;
    await route.continue();
  });
  await input(page).fill(inTransit.tracking_number);
  await trackButton(page).click();
  await expect(page.getByRole('button', { name: 'Tracking...' })).toBeDisabled();
  release();
  await expect(page.getByTestId('status-badge')).toBeVisible();
  await expect(trackButton(page)).toBeEnabled();
});

test('a server that is down or answers garbage shows the generic error', async ({ page }) => {
  await openTrack(page);
  await page.route('**/api/tracking/**', (route) => route.abort('connectionrefused'));
  await input(page).fill(inTransit.tracking_number);
  await trackButton(page).click();
  await expect(page.getByRole('alert')).toHaveText('An error occurred while fetching the tracking info.');

  await page.unroute('**/api/tracking/**');
  await page.route('**/api/tracking/**', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: '<html>not json' }),
  );
  await trackButton(page).click();
  await expect(page.getByRole('alert')).toHaveText('An error occurred while fetching the tracking info.');
});

test('results and errors are announced in a live region', async ({ page }) => {
  await openTrack(page);
  await expect(page.locator('[aria-live="polite"]')).toHaveCount(1);
  await trackButton(page).click();
  await expect(page.locator('[aria-live="polite"]').getByRole('alert')).toBeVisible();
  await input(page).fill(inTransit.tracking_number);
  await trackButton(page).click();
  await expect(page.locator('[aria-live="polite"]')).toContainText(`Shipment ${inTransit.tracking_number} found.`);
});

async function staffCookie(request: APIRequestContext): Promise<string> {
  const admin = seedAdminCredentials();
  const response = await request.post('/api/admin/login', {
    headers: { 'Content-Type': 'application/json' },
    data: { email: admin.email, password: admin.password },
  });
  expect(response.status()).toBe(200);
  return response.headers()['set-cookie']!.split(';')[0]!;
}

test('auto-refresh shows an event staff add while the page is open, and announces it', async ({ page, request }) => {
  // The page's clock is driven by the test: the minute passes at once, nothing waits on real time.
  await page.clock.install();
  // A shipment of its own: on one a previous run changed, the event would show at once.
  const number = await ownShipment();
  await openTrack(page, `?number=${number}`);
  await expect(heading(page, number)).toBeVisible();
  await expect(page.getByTestId('updated')).toHaveText('Updated just now');

  const note = 'Held for a customs inspection';
  const update = await request.put(`/api/tracking/${number}/update`, {
    headers: { 'Content-Type': 'application/json', Cookie: await staffCookie(request) },
    data: { tracking_number: number, status: 'on_hold', note },
  });
  expect(update.status()).toBe(200);
  await expect(page.getByText(note)).toHaveCount(0);

  await page.clock.runFor(30_000);
  await expect(page.getByTestId('updated')).toHaveText('Updated just now');
  await page.clock.runFor(45_000);
  await expect(page.getByTestId('updated')).toHaveText('Updated just now');
  const newest = page.getByRole('list', { name: 'Shipment history, newest first' }).getByRole('listitem').first();
  await expect(newest).toContainText(note);
  await expect(newest).toContainText('On Hold');
  await expect(page.getByTestId('status-badge')).toHaveText('On Hold');
  await expect(page.locator('[aria-live="polite"]')).toContainText(`New event for ${number}: On Hold, ${note}.`);
});

test('the route map is drawn on the page with no request leaving the site', async ({ page, baseURL }) => {
  const elsewhere: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).origin !== new URL(baseURL!).origin) elsewhere.push(request.url());
  });
  await openTrack(page, `?number=${mapped.tracking_number}`);
  const map = page.getByTestId('route-map');
  await expect(map).toBeVisible();
  await expect(map.locator('path').first()).toHaveAttribute('d', /^M/);
  // Delivered: it has arrived, so the origin and the destination are marked.
  await expect(map.locator('circle')).toHaveCount(2);
  await expect(page.getByText(`Route map: from ${mapped.origin} to ${mapped.destination}; arrived.`)).toBeVisible();
  expect(elsewhere).toEqual([]);
});

test("the recipient's email reveals the full address for this browser session", async ({ page }) => {
  // A shipment of its own: the wrong answer below counts towards its limit of reveal attempts.
  const number = await ownShipment();
  await openTrack(page, `?number=${number}`);
  const details = page.locator('dl').last();
  await expect(details).toContainText(`Recipient Address${revealed.destination}`);
  await page.getByRole('button', { name: 'Show full address' }).click();
  const proof = page.getByLabel("Recipient's email or last 4 digits of their phone");
  await expect(proof).toBeFocused();
  await proof.fill('someone.else@mail.example');
  await page.getByRole('button', { name: 'Show address' }).click();
  await expect(page.getByText('This does not match the recipient of this shipment')).toBeVisible();
  await expect(proof).toHaveAttribute('aria-invalid', 'true');
  await proof.fill(revealed.recipient_mail);
  await proof.press('Enter');
  await expect(details).toContainText(`Recipient Address${revealed.recipient_address}`);

  // Still revealed after a reload (the session cookie), never in a fresh browser session.
  await page.reload();
  await expect(page.locator('dl').last()).toContainText(revealed.recipient_address);
  const stranger = await page.context().browser()!.newContext();
  const other = await stranger.newPage();
  await other.goto(`/track?number=${number}`);
  await expect(other.locator('dl').last()).toContainText(`Recipient Address${revealed.destination}`);
  await stranger.close();
});

test('tracking several numbers works by keyboard alone', async ({ page }) => {
  await openTrack(page);
  await input(page).focus();
  await page.keyboard.type(keyA.tracking_number);
  await page.keyboard.press('Shift+Enter');
  await page.keyboard.type(keyB.tracking_number);
  await page.keyboard.press('Enter');
  await expect(heading(page, keyA.tracking_number)).toBeVisible();
  await expect(heading(page, keyB.tracking_number)).toBeVisible();

  const toggle = page.getByRole('button', { name: `Shipment #${keyA.tracking_number}` });
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(toggle).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');

  // On to the reveal of the first result, by Tab alone.
  const reveal = panel(page, keyA.tracking_number).getByRole('button', { name: 'Show full address' });
  for (let i = 0; i < 20 && !(await reveal.evaluate((node) => node === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  await expect(reveal).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.type(keyA.recipient_phone!.replace(/\D/g, '').slice(-4));
  await page.keyboard.press('Enter');
  await expect(panel(page, keyA.tracking_number).locator('dl')).toContainText(keyA.recipient_address);
});

for (const [label, viewport] of [
  ['desktop', DESKTOP],
  ['mobile', MOBILE],
] as const) {
  test(`several results, all events, the map and the reveal form have no axe violations at ${label} width`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await openTrack(page, `?number=${axeA.tracking_number},${delivered.tracking_number},NEC000000000`);
    await expect(page.getByTestId('route-map').first()).toBeVisible();
    await page
      .getByRole('button', { name: /^Show all \d+ events$/ })
      .first()
      .click();
    await panel(page, axeA.tracking_number).getByRole('button', { name: 'Show full address' }).click();
    const { violations } = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
}
