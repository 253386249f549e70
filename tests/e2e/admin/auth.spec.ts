import { expect, test } from '@playwright/test';
import { ADMIN, hydrated, signIn } from './sign-in';

test('an admin screen without a session goes to the sign-in page and clears the local flag', async ({ page }) => {
  const adminCalls: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/api/') && path !== '/api/admin/session') adminCalls.push(path);
  });
  await page.goto('/admin-login');
  // A stale flag from an earlier visit is not trusted.
  await page.evaluate(() => localStorage.setItem('admin-auth', 'true'));
  await page.goto('/admin/shipments');
  await page.waitForURL('**/admin-login?next=%2Fadmin%2Fshipments');
  expect(await page.evaluate(() => localStorage.getItem('admin-auth'))).toBeNull();
  expect(adminCalls).toEqual([]);
});

test('signing in: a wrong password is refused, the right one opens the dashboard', async ({ page }) => {
  await page.goto('/admin-login');
  await hydrated(page);
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  await expect(page.getByText('Enter your credentials to access the admin dashboard')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Website' })).toHaveAttribute('href', '/');

  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid credentials' })).toBeVisible();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Invalid credentials' })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/admin-login');
  expect(await page.evaluate(() => localStorage.getItem('admin-auth'))).toBeNull();

  // The success toast shows for the short moment before the redirect, which a busy machine can outlast
  // between two polls, so the page reports each toast as it appears.
  const toasts: string[] = [];
  await page.exposeFunction('reportToast', (text: string) => toasts.push(text));
  await page.evaluate(() => {
    const report = (window as unknown as { reportToast: (text: string) => void }).reportToast;
    new MutationObserver(() => {
      for (const toast of document.querySelectorAll('[data-sonner-toast]')) report(toast.textContent ?? '');
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByLabel('Remember me').check();
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/admin');
  expect(toasts).toContainEqual(expect.stringContaining('Login successful'));
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('admin-auth'))).toBe('true');
});

test('the dashboard shows real figures, and Exit Admin ends the session', async ({ page }) => {
  await signIn(page);
  for (const card of ['Active Shipments', 'Delivered Today', 'New Customers', 'Pending Orders']) {
    await expect(page.getByText(card, { exact: true })).toBeVisible();
  }
  await expect(page.getByRole('heading', { name: 'Recent Shipments' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Activity Log' })).toBeVisible();
  // The sign-in just made is the newest activity entry.
  await expect(page.getByText(`${ADMIN.email} signed in`).first()).toBeVisible();
  await expect(page.getByRole('table', { name: 'Shipments created per day' })).toBeAttached();
  await expect(page.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');

  await page.getByRole('button', { name: 'Exit Admin' }).click();
  await page.waitForURL('**/admin-login');
  expect(await page.evaluate(() => localStorage.getItem('admin-auth'))).toBeNull();
  // The session is gone on the server too: the app sends us back.
  await page.goto('/admin');
  await page.waitForURL('**/admin-login');
});

test('an ended session on a later call returns to sign-in with a message', async ({ page, context }) => {
  await signIn(page);
  await context.clearCookies();
  await page.getByRole('link', { name: 'Shipments', exact: true }).click();
  await page.waitForURL('**/admin-login?next=%2Fadmin%2Fshipments');
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Your session has ended' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('admin-auth'))).toBeNull();
});

test('Forgot password asks for the email, and still names the command for an owner without the mailbox', async ({
  page,
}) => {
  await page.goto('/admin-login');
  await hydrated(page);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await page.waitForURL('**/admin-forgot-password');
  await expect(page.getByLabel('Email')).toBeVisible();
  await expect(page.getByText('npm run admin:password')).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
});

test('unknown admin paths show the not-found screen; public links leave the app', async ({ page }) => {
  await signIn(page);
  await page.goto('/admin/no-such-screen');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Website' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
});

test('on a small screen the menu button toggles the sidebar and manages focus', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page);
  const menu = page.getByRole('button', { name: 'Menu' });
  const sidebar = page.getByRole('navigation', { name: 'Admin' });
  await expect(sidebar).toBeHidden();
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await menu.click();
  await expect(sidebar).toBeVisible();
  await expect(page.getByRole('link', { name: 'Dashboard' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(sidebar).toBeHidden();
  await expect(menu).toBeFocused();
  await menu.click();
  await page.getByRole('link', { name: 'Shipments', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Manage Shipments' })).toBeVisible();
  await expect(sidebar).toBeHidden();
});

test('repeated failures for one email are throttled and the page says when to try again', async ({ page }) => {
  await page.goto('/admin-login');
  await hydrated(page);
  // A made-up account, so the real admin is never locked out by this test.
  await page.getByLabel('Email').fill(`throttle-${Date.now()}@nec-cargo.example`);
  await page.getByLabel('Password').fill('wrong-password');
  const alert = page.getByRole('alert').filter({ hasText: /./ });
  for (let attempt = 1; attempt <= 5; attempt++) {
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(alert).toHaveText('Invalid credentials');
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  }
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(alert).toContainText(/try again in \d+ (minutes?|seconds)/i);
});

test('public pages and the sign-in page load none of the admin app', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  for (const path of ['/', '/track', '/admin-login']) {
    await page.goto(path, { waitUntil: 'networkidle' });
    // Islands hydrated on visibility load when scrolled to.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForLoadState('networkidle');
  }
  expect(
    scripts.filter((script) => /\/(App|[A-Za-z]+Screen|ShipmentsChart|Layout|Sidebar)\.[\w-]+\.js$/.test(script)),
  ).toEqual([]);
  expect(scripts.some((script) => /LoginForm\./.test(script))).toBe(true);
});

test('the sign-in page with a live session goes to the dashboard', async ({ page }) => {
  await signIn(page);
  await page.goto('/admin-login');
  await page.waitForURL('**/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
});

test('admin pages have the site icon: no request of an admin page fails', async ({ page }) => {
  const failed: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${new URL(response.url()).pathname}`);
  });
  await page.goto('/admin-login');
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', '/favicon.svg');
  await signIn(page);
  for (const path of ['/admin/customers', '/admin/quotes', '/admin/settings']) {
    await page.goto(path);
    await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', '/favicon.svg');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  const icon = await page.request.get('/favicon.svg');
  expect(icon.status()).toBe(200);
  expect(failed).toEqual([]);
});
