import AxeBuilder from '@axe-core/playwright';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { mailedLink } from './mailbox';
import { signedIn } from './session';
import { hydrated } from './sign-in';
import { passwordStep } from './staff-accounts';

// The team, as people use it: the admin invites by email, the invitees read their link in their mailbox,
// choose a name and password, sign in, and see only their own screens.

const PASSWORD = 'a long password for the new colleague';

async function expectNoViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(violations.map((v) => `${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

/** A fresh browser accepts the invitation, signs in, and is handed back for checks. */
async function accept(browser: Browser, link: URL, person: { email: string; name: string }) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${link.pathname}${link.hash}`);
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Join the team' })).toBeVisible();
  await expect(page.getByText(person.email)).toBeVisible();
  await page.getByLabel('Your name').fill(person.name);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page.getByText(`Your account ${person.email} is ready.`)).toBeVisible({ timeout: 30_000 });
  await passwordStep(page, { email: person.email, password: PASSWORD });
  // A driver's home is their phone screen; everyone else's the dashboard.
  await page.waitForURL(/\/(admin|driver)$/);
  return { context, page };
}

test('the admin invites a dispatcher and a driver; each accepts, signs in and sees only their screens', async ({
  page,
  browser,
}) => {
  // Two invitations, two emails read, two accounts made and signed in: several password hashes.
  test.setTimeout(300_000);
  const stamp = Date.now();
  const desk = { email: `desk-${stamp}@nec-cargo.example`, name: 'Dana Desk', role: 'dispatcher' };
  const van = { email: `van-${stamp}@nec-cargo.example`, name: 'Vic Van', role: 'driver' };

  const admin = await signedIn(page);
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Team' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();
  const pending = page.getByRole('region', { name: 'Pending invitations' });
  for (const person of [desk, van]) {
    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel('Role', { exact: true }).selectOption(person.role);
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await expect(pending.getByRole('row').filter({ hasText: person.email })).toBeVisible();
  }
  // Inviting the same address again names the field.
  await page.getByLabel('Email').fill(desk.email);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(/An invitation to this email is waiting/)).toBeVisible();
  // The success toasts, fading in and out, are not part of the screen axe checks.
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 20_000 });
  await expectNoViolations(page);

  const deskLink = await mailedLink(desk.email, 'staff_invitation', '/admin-invitation');
  const vanLink = await mailedLink(van.email, 'staff_invitation', '/admin-invitation');

  const dispatcher = await accept(browser, deskLink, desk);
  const deskSidebar = dispatcher.page.getByRole('navigation', { name: 'Admin' });
  await expect(deskSidebar.getByRole('link')).toHaveText([
    'Dashboard',
    'Shipments',
    'Runs',
    'Pickups',
    'Exceptions',
    'Customers',
    'Quotes',
    'Settings',
  ]);
  await dispatcher.page.goto('/admin/team');
  await expect(dispatcher.page.getByRole('heading', { level: 1, name: 'Not allowed' })).toBeVisible();
  // The link worked once.
  await dispatcher.page.goto('about:blank');
  await dispatcher.page.goto(`${deskLink.pathname}${deskLink.hash}`);
  await expect(dispatcher.page.getByRole('alert').filter({ hasText: 'accepted already' })).toBeVisible();
  await dispatcher.context.close();

  const driver = await accept(browser, vanLink, van);
  await driver.page.waitForURL('**/driver');
  await expect(driver.page.getByRole('heading', { level: 1, name: "Today's stops" })).toBeVisible();
  await driver.context.close();

  await page.goto('/admin/team');
  const members = page.getByRole('region', { name: 'Staff accounts' });
  // They signed in: the last sign-in is a time, not "Never".
  await expect(members.getByRole('row').filter({ hasText: desk.name })).toContainText('Active');
  await expect(members.getByRole('row').filter({ hasText: desk.name })).not.toContainText('Never');
  await expect(members.getByRole('combobox', { name: `Role of ${desk.name}` })).toHaveValue('dispatcher');
  await expect(members.getByRole('combobox', { name: `Role of ${van.name}` })).toHaveValue('driver');
  await expect(pending.getByRole('row').filter({ hasText: desk.email })).toHaveCount(0);

  // The audit trail names who did what: the admin invited, each newcomer accepted as themselves, in their role.
  const trail = page.getByRole('table', { name: 'Audit trail, newest first' });
  await page.goto(`/admin/audit?action=staff_invited&actor=${encodeURIComponent(admin)}`);
  await expect(trail.getByRole('row').filter({ hasText: `Invited ${van.email} as Driver` })).toContainText('Admin');
  await page.goto(`/admin/audit?action=invitation_accepted&actor=${encodeURIComponent(desk.email)}`);
  const accepted = trail.getByRole('row').filter({ hasText: `${desk.email} accepted the invitation as Dispatcher` });
  await expect(accepted).toContainText('Dispatcher');
  await expect(accepted.getByRole('link', { name: /\(staff member\)$/ })).toHaveAttribute('href', '/admin/team');
});

test('an invitation link made up or cut short says so, with the way to sign in', async ({ page }) => {
  await page.goto('/admin-invitation#made-up-token');
  await hydrated(page);
  await expect(page.getByRole('alert').filter({ hasText: 'This invitation link is not valid' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/admin-login');
  await expectNoViolations(page);
  await page.goto('about:blank');
  await page.goto('/admin-invitation');
  await expect(page.getByRole('alert').filter({ hasText: 'This invitation link is not valid' })).toBeVisible();
});
