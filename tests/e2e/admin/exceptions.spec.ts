import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { openE2eDatabase } from '../../helpers/e2e-db';
import { hoursAgo, shipmentWith } from '../../helpers/exceptions';
import { signedIn } from './session';
import { hydrated } from './sign-in';

// The exceptions queue, as a dispatcher uses it: a failed attempt recorded with its reason on the shipment
// page shows in the queue (reached from the dashboard's count), and acting on it is shown on the row.

const toast = (page: Page, text: string | RegExp) => page.locator('[data-sonner-toast]').filter({ hasText: text });

async function expectNoViolations(page: Page) {
  // A toast fading out is checked mid-transition: check the screen once the toasts are gone.
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(violations.map((v) => `${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

/** A date some days from today, as a date input takes it. */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test('staff record a failed attempt with its reason, find it in the queue from the dashboard and act on it', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const db = openE2eDatabase();
  const number = await shipmentWith(db, [{ status: 'out_for_delivery', at: hoursAgo(3) }]);
  db.close();

  await signedIn(page, `/admin/view_shipment/${number}`);
  await hydrated(page);
  await page.getByLabel('New status').selectOption('delivery_failed');
  await page.getByRole('button', { name: 'Update Status', exact: true }).click();
  const reason = page.getByLabel('Reason');
  await expect(reason).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Delivery Attempt Failed needs a reason').first()).toBeVisible();
  await reason.selectOption('recipient_not_home');
  await page.getByRole('button', { name: 'Update Status', exact: true }).click();
  await expect(toast(page, 'Status updated successfully!')).toBeVisible();
  const history = page.getByRole('list', { name: 'Tracking history, newest first' }).getByRole('listitem');
  await expect(history.first()).toContainText('Reason: Recipient not home');

  // The dashboard counts it and links to the queue of failed attempts.
  await page.goto('/admin');
  await page.getByRole('link', { name: /^Delivery attempt failed \d+$/ }).click();
  await page.waitForURL('**/admin/exceptions?kind=failed');
  await expect(page.getByRole('heading', { level: 1, name: 'Exceptions' })).toBeVisible();
  const row = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: number }) });
  await expect(row).toContainText('Reason: Recipient not home');
  await expect(row).toContainText('Not handled yet');
  await expectNoViolations(page);

  // A call with the recipient is noted on the row, with who and when.
  await row.getByRole('button', { name: `Act on ${number}` }).click();
  await row.getByLabel('Action').selectOption('call_noted');
  await row.getByRole('button', { name: 'Record' }).click();
  await expect(row.getByText('Say what was agreed on the call')).toBeVisible();
  await row.getByLabel('What was said').fill('Home after 5 pm on weekdays');
  await row.getByRole('button', { name: 'Record' }).click();
  await expect(row).toContainText(/Call with the recipient: handled by .+, .+\(Home after 5 pm on weekdays\)/);
  await expectNoViolations(page);

  // Another attempt scheduled: planned for, it leaves the queue of failed attempts.
  await row.getByRole('button', { name: `Act on ${number}` }).click();
  await row.getByLabel('Action').selectOption('reattempt');
  await row.getByLabel('Day of the next attempt').fill(inDays(2));
  await row.getByRole('button', { name: 'Record' }).click();
  await expect(toast(page, `Another attempt scheduled: ${number}`)).toBeVisible();
  await expect(page.getByRole('link', { name: number })).toHaveCount(0);
});
