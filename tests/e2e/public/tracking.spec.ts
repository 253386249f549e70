import { expect, type Page, test } from '@playwright/test';
import { buildSeedShipments } from '../../../db/seed';
import { STATUS_LABELS } from '../../../src/lib/shipment-status';
import { hydrated, MOBILE } from './helpers';

const shipments = buildSeedShipments();
const delivered = shipments.find((shipment) => shipment.status === 'delivered' && shipment.histories.length > 2)!;
const inTransit = shipments.find((shipment) => shipment.status === 'in_transit')!;

async function openTrack(page: Page, query = '') {
  await page.goto(`/track${query}`);
  await hydrated(page, 'TrackingWidget');
}

const input = (page: Page) => page.getByLabel('Tracking Number');
const trackButton = (page: Page) => page.getByRole('button', { name: 'Track Shipment' });

test('a seeded number shows the result: heading, badge colour, timeline oldest first, details', async ({ page }) => {
  await openTrack(page);
  await input(page).fill(delivered.tracking_number.toLowerCase());
  await input(page).press('Enter');
  await expect(page.getByRole('heading', { name: `Shipment #${delivered.tracking_number}` })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`\\?number=${delivered.tracking_number}$`));

  const badge = page.getByTestId('status-badge');
  await expect(badge).toHaveText('Delivered');
  await expect(badge).toHaveClass(/bg-green-100/);

  const steps = page.locator('ol.timeline > li');
  await expect(steps).toHaveCount(delivered.histories.length);
  const texts = await steps.allTextContents();
  delivered.histories.forEach((history, index) => {
    expect(texts[index]).toContain(STATUS_LABELS[history.status]);
    expect(texts[index]).toContain(history.notes);
  });
  // Seed times are relative to when the seed ran, so compare with the newest entry on the page.
  const times = await steps.locator('time').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('datetime')!));
  expect([...times].sort()).toEqual(times);
  await expect(page.getByText('Last updated:').locator('time')).toHaveAttribute('datetime', times.at(-1)!);

  const details = page.locator('dl').last();
  await expect(details).toContainText(`Order ID${delivered.tracking_number}`);
  await expect(details).toContainText(`Sender Name${delivered.sender_name}`);
  await expect(details).toContainText(`Recipient Address${delivered.recipient_address}`);
  await expect(details).toContainText(`Weight (kg)${delivered.weight}`);
  await expect(details).toContainText(`Destination${delivered.destination}`);

  // The timeline runs across on wide screens and down on narrow ones.
  await expect(page.locator('ol.timeline')).toHaveCSS('flex-direction', 'row');
  await page.setViewportSize(MOBILE);
  await expect(page.locator('ol.timeline')).toHaveCSS('flex-direction', 'column');
});

test('a shared URL fills the input and looks up at once', async ({ page }) => {
  await openTrack(page, `?number=${inTransit.tracking_number}`);
  await expect(input(page)).toHaveValue(inTransit.tracking_number);
  await expect(page.getByTestId('status-badge')).toHaveText('In Transit');
  await expect(page.getByTestId('status-badge')).toHaveClass(/bg-blue-100/);
});

test('an unknown number shows the server message in the banner and clears the previous result', async ({ page }) => {
  await openTrack(page, `?number=${inTransit.tracking_number}`);
  await expect(page.getByTestId('status-badge')).toBeVisible();
  await input(page).fill('NEC000000000');
  await trackButton(page).click();
  await expect(page.getByRole('alert')).toHaveText('No shipment found with this tracking number');
  await expect(page.getByTestId('status-badge')).toHaveCount(0);
  await expect(page).toHaveURL(/\?number=NEC000000000$/);
});

test('empty input shows the message and sends no request', async ({ page }) => {
  await openTrack(page);
  const requests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/')) requests.push(request.url());
  });
  await input(page).fill('   ');
  await trackButton(page).click();
  await expect(page.getByRole('alert')).toHaveText('Please enter a tracking number');
  await page.waitForTimeout(500);
  expect(requests).toEqual([]);
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
});
