import { expect, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { setAdminPassword } from '../../../netlify/lib/admin-users';
import { openE2eDatabase } from '../../helpers/e2e-db';
import { hydrated } from './sign-in';

// A staff account of a test's own (created in the served database), so turning on two-step
// verification, changing a password or ending sessions never gets in the way of other tests
// signing in as the seeded admin.

export interface Account {
  email: string;
  password: string;
}

export async function newAccount(name: string): Promise<Account> {
  const account = { email: `${name}-${Date.now()}@nec-cargo.example`, password: 'a long e2e password 1' };
  const db = openE2eDatabase();
  try {
    await setAdminPassword(db, account.email, account.password);
  } finally {
    db.close();
  }
  return account;
}

/** What an authenticator app shows for the secret now. */
export const currentCode = (secret: string) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), period: 30, digits: 6 });

/** What an authenticator app shows for the secret, one step ahead (accepted, and later than any code used so far). */
export const nextCode = (secret: string) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), period: 30, digits: 6, timestamp: Date.now() + 30_000 });

/** The sign-in page's first step: email and password, then Sign In. */
export async function passwordStep(page: Page, account: Account): Promise<void> {
  await page.goto('/admin-login');
  await hydrated(page);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** Signs in as the account (no second step) and waits for the dashboard. */
export async function signInAs(page: Page, account: Account): Promise<void> {
  await passwordStep(page, account);
  await page.waitForURL('**/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
}
