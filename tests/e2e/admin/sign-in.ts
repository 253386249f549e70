import { expect, type Page } from '@playwright/test';
import { DEFAULT_ADMIN_EMAIL, DEFAULT_ADMIN_PASSWORD } from '../../../netlify/lib/env';

/** The account the e2e server seeds: ADMIN_EMAIL/ADMIN_PASSWORD when set (they reach the server too), else the local default. */
export const ADMIN = {
  email: process.env.ADMIN_EMAIL || DEFAULT_ADMIN_EMAIL,
  password: process.env.ADMIN_PASSWORD || DEFAULT_ADMIN_PASSWORD,
};

/** Waits until the React islands of the page have hydrated (Astro removes the `ssr` attribute). */
export async function hydrated(page: Page): Promise<void> {
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
}

/** Signs in through the login page, the way a person does, and waits for the dashboard. */
export async function signIn(page: Page): Promise<void> {
  await page.goto('/admin-login');
  await hydrated(page);
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
}
