import { expect, type Page } from '@playwright/test';
import { hydrated } from '../admin/sign-in';

/** A change the server has to record and the screen to load again: on a busy two-core machine, seconds. */
export const SERVER = { timeout: 30_000 };

/** Opens /driver without a session: the sign-in page, then back to the driver's screen with its stops loaded. */
export async function signInToDriver(page: Page, account: { email: string; password: string }) {
  await page.goto('/driver');
  await page.waitForURL('**/admin-login?next=%2Fdriver');
  await hydrated(page);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/driver');
  await expect(page.getByRole('heading', { level: 1, name: "Today's stops" })).toBeVisible();
  await expect(page.getByText('Loading your stops...')).toBeHidden(SERVER);
}
