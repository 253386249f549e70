import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { buildSeedShipments } from '../../../db/seed';
import { openE2eDatabase } from '../../helpers/e2e-db';
import { E2E_SMTP_PORT } from '../../helpers/e2e-smtp';
import { type Received, startSmtp, type TestSmtp } from '../../helpers/smtp';
import { signedIn } from '../admin/session';
import { hydrated } from '../admin/sign-in';

// The served product mails this loopback SMTP server (playwright.config.ts sets its SMTP_URL), and
// delivers after each answer (context.waitUntil), as on Netlify. Other tests' emails arrive here
// too, so each check looks for its own recipient.
test.describe.configure({ mode: 'serial' });

const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const shipment = buildSeedShipments()[27]!;
const number = shipment.tracking_number;
const subscriber = `watcher-${Date.now()}@example.net`;
let smtp: TestSmtp;

test.beforeAll(async () => {
  smtp = await startSmtp(E2E_SMTP_PORT);
});
test.afterAll(async () => {
  await smtp.close();
});

/** The first email that arrived (or arrives) matching, waiting for it as a mailbox would. */
async function mailTo(address: string, subject: string | RegExp): Promise<Received> {
  const matches = (message: Received) =>
    message.to.includes(address) &&
    (typeof subject === 'string' ? message.mail.subject === subject : subject.test(message.mail.subject ?? ''));
  await expect.poll(() => smtp.received.some(matches), { timeout: 30_000 }).toBe(true);
  return smtp.received.find(matches)!;
}

const mailsTo = (address: string, subject: string) =>
  smtp.received.filter((message) => message.to.includes(address) && message.mail.subject === subject);

/** The path of the first link in the text that goes to this page (the host is the product's own). */
const linkPath = (text: string, path: string) => {
  const url = new URL(new RegExp(`https?://\\S+${path.replace('/', '\\/')}\\?token=[\\w-]+`).exec(text)![0]);
  return `${url.pathname}${url.search}`;
};

async function setStatus(page: Page, status: string, note: string) {
  await page.goto(`/admin/view_shipment/${number}`);
  await page.getByLabel('New status').selectOption(status);
  await page.getByLabel('Note', { exact: true }).fill(note);
  await page.getByRole('button', { name: 'Update Status' }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Status updated successfully!' })).toBeVisible();
}

async function expectNoViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze();
  expect(violations.map((v) => `${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

test('opt in to status emails, confirm from the email, get the next status email, unsubscribe with one click', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // The alert signup under the shipment found on the tracking page.
  await page.goto(`/track?number=${number}`);
  await hydrated(page);
  const signup = page.getByRole('region', { name: 'Get status emails' });
  await expect(signup).toContainText(`each time shipment ${number} changes status`);
  await signup.getByRole('button', { name: 'Email me updates' }).click();
  await expect(signup.getByText('Please enter your email address')).toBeVisible();
  await signup.getByLabel('Email address').fill(subscriber);
  await expectNoViolations(page);
  await signup.getByRole('button', { name: 'Email me updates' }).click();
  await expect(signup.getByRole('status')).toContainText(`we sent a confirmation link to ${subscriber}`);

  const confirmation = await mailTo(subscriber, `Confirm status emails for shipment ${number}`);
  await page.goto(linkPath(confirmation.mail.text!, '/alerts/confirm'));
  await hydrated(page);
  await expectNoViolations(page);
  await page.getByRole('button', { name: 'Confirm email alerts' }).click();
  await expect(page.getByText(`you will get an email each time shipment ${number} changes status`)).toBeVisible();

  const staff = await browser.newPage();
  await signedIn(staff);
  await setStatus(staff, 'delivered', 'Left with the concierge');
  const update = await mailTo(subscriber, `Your shipment ${number} is now Delivered`);
  expect(update.mail.text).toContain(`${baseURL}/track?number=${number}`);
  expect(update.mail.text).toContain('Left with the concierge');
  expect(update.mail.html).toContain(`href="${baseURL}/track?number=${number}"`);
  expect(update.header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
  const oneClick = /^<(.+)>$/.exec(update.header('List-Unsubscribe')!)![1]!;
  expect(oneClick.startsWith(`${baseURL}/api/alerts/unsubscribe?token=`)).toBe(true);
  // The recipient of the shipment got it once too.
  await mailTo(shipment.recipient_mail, `Your shipment ${number} is now Delivered`);
  expect(mailsTo(shipment.recipient_mail, `Your shipment ${number} is now Delivered`)).toHaveLength(1);

  // What a mail client does for RFC 8058 one-click: a form POST, no cookie, no page.
  const unsubscribed = await request.post(oneClick, { form: { 'List-Unsubscribe': 'One-Click' } });
  expect(unsubscribed.status()).toBe(200);

  const before = new Date().toISOString();
  await setStatus(staff, 'on_hold', 'Returned to depot');
  // The emails of an update are queued in its own transaction: they are in the outbox as soon as it answers.
  const db = openE2eDatabase();
  try {
    const { rows } = await db.execute({
      sql: `SELECT recipient FROM outbox WHERE kind = 'status_update' AND tracking_number = ? AND created_at >= ?`,
      args: [number, before],
    });
    const recipients = rows.map((row) => String(row.recipient));
    expect(recipients).toContain(shipment.recipient_mail);
    expect(recipients).not.toContain(subscriber);
  } finally {
    db.close();
  }
  await mailTo(shipment.recipient_mail, `Your shipment ${number} is now On Hold`);
  expect(mailsTo(subscriber, `Your shipment ${number} is now On Hold`)).toHaveLength(0);
  await staff.close();
});

test("the unsubscribe link in an email's text stops that address's emails", async ({ page }) => {
  const delivered = await mailTo(shipment.recipient_mail, `Your shipment ${number} is now Delivered`);
  await page.goto(linkPath(delivered.mail.text!, '/alerts/unsubscribe'));
  await hydrated(page);
  await expectNoViolations(page);
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByText(`no more emails about shipment ${number}`)).toBeVisible();
  await expect(page.getByRole('link', { name: `Track shipment ${number}` })).toBeVisible();
  await expectNoViolations(page);
});

test('the Outbox lists every email with its state, attempts and text', async ({ page }) => {
  await signedIn(page, '/admin/settings/outbox');
  await expect(page.getByRole('heading', { level: 1, name: 'Outbox' })).toBeVisible();
  await page.getByLabel('State').selectOption('sent');
  const row = page
    .getByRole('row')
    .filter({ hasText: subscriber })
    .filter({ hasText: `Your shipment ${number} is now Delivered` });
  await expect(row).toContainText('Sent');
  await expect(row.getByRole('cell').nth(4)).toHaveText('1');
  await row.getByText('Read the email').click();
  await expect(row).toContainText(`/track?number=${number}`);
  // The unsubscribe link acts as the subscriber: once mailed, it is theirs alone.
  await expect(row).toContainText('Unsubscribe: (not shown here: only the recipient may use this link)');
  await expect(row).not.toContainText('/alerts/unsubscribe?token=');
  await expectNoViolations(page);
});
