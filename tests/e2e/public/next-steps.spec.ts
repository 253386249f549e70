import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { openE2eDatabase } from '../../helpers/e2e-db';
import { hoursAgo, shipmentWith } from '../../helpers/exceptions';
import { signedIn } from '../admin/session';
import { hydrated } from './helpers';

// The public page after a failed attempt: the reason in plain words and the next step; the recipient, once
// they revealed the address, picks another day, and the dispatcher sees it in the exceptions queue.

const RECIPIENT = 'rita@example.com';

async function expectNoViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(violations.map((v) => `${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

/** A date some days from today, as stored. */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const weekday = (date: string) =>
  new Intl.DateTimeFormat(undefined, { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );

async function failedAttempt(fields: { next_attempt_on?: string } = {}) {
  const db = openE2eDatabase();
  const number = await shipmentWith(db, [
    { status: 'out_for_delivery', at: hoursAgo(5) },
    { status: 'delivery_failed', at: hoursAgo(2), reason: 'recipient_not_home' },
  ]);
  if (fields.next_attempt_on) {
    await db.execute({
      sql: 'UPDATE shipments SET next_attempt_on = ? WHERE tracking_number = ?',
      args: [fields.next_attempt_on, number],
    });
  }
  db.close();
  return number;
}

test('a failed attempt says why in plain words and when we try again; the badge is not on time', async ({ page }) => {
  const day = inDays(2);
  const number = await failedAttempt({ next_attempt_on: day });
  await page.goto(`/track?number=${number}`);
  await hydrated(page, 'TrackingWidget');
  await expect(page.getByTestId('status-badge')).toHaveText('Delivery Attempt Failed');
  const next = page.getByTestId('next-step');
  await expect(next).toContainText('We could not deliver your parcel: nobody was home to receive it.');
  await expect(next).toContainText(`We will try again on ${weekday(day)}.`);
  await expect(page.getByTestId('estimated-delivery')).not.toContainText('On time');
  await expect(page.getByText('Reason: Recipient not home')).toBeVisible();
  await expectNoViolations(page);
});

test('the recipient reveals the address, picks another day, and the dispatcher sees it in the queue', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const number = await failedAttempt();
  await page.goto(`/track?number=${number}`);
  await hydrated(page, 'TrackingWidget');
  await expect(page.getByTestId('next-step')).toContainText('We will arrange another attempt');
  await expect(page.getByRole('group', { name: 'Choose another delivery day' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Show full address' }).click();
  await page.getByLabel("Recipient's email or last 4 digits of their phone").fill(RECIPIENT);
  await page.getByRole('button', { name: 'Show address' }).click();

  const days = page.getByRole('group', { name: 'Choose another delivery day' }).getByRole('radio');
  await expect(days).toHaveCount(5);
  const third = days.nth(2);
  const label = (await third.locator('xpath=..').textContent()) ?? '';
  await third.check();
  await expectNoViolations(page);
  await page.getByRole('button', { name: 'Ask for this day' }).click();
  await expect(page.getByTestId('delivery-request')).toHaveText(
    `You asked for delivery on ${label}. We will confirm it here.`,
  );
  await page.reload();
  await expect(page.getByTestId('delivery-request')).toContainText(label);

  const office = await browser.newContext();
  const desk = await office.newPage();
  await signedIn(desk, '/admin/exceptions?kind=request');
  const row = desk.getByRole('listitem').filter({ has: desk.getByRole('link', { name: number }) });
  await expect(row).toContainText(`Recipient asks for delivery on ${label}`);
  await expect(row).toContainText("Recipient's request");
  await office.close();
});
