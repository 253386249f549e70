import type { Client } from '@libsql/client';
import { expect } from 'vitest';
import forgot from '../../netlify/functions/auth-password-forgot';
import reset from '../../netlify/functions/auth-password-reset';
import check from '../../netlify/functions/auth-password-reset-check';
import { setAdminPassword } from '../../netlify/lib/admin-users';
import { deliverDue } from '../../netlify/lib/outbox-delivery';
import { apiRequest, call } from './requests';

// What the password reset tests share: accounts of their own, the three calls from an address, and the
// links as the account's mailbox would get them (rendered by the outbox, no mail server).

export const OLD_PASSWORD = 'the password before the reset';
export const NEW_PASSWORD = 'a brand new passphrase for the reset';

let accounts = 0;
/** A fresh account with its own email (so its own throttle budget). */
export async function resetAccount(db: Client, name: string): Promise<string> {
  const email = `${name}-${++accounts}-${Date.now()}@nec-cargo.example`;
  await setAdminPassword(db, email, OLD_PASSWORD);
  return email;
}

const from = (address: string) => ({ 'x-nf-client-connection-ip': address });

export const askForLink = (email: unknown, address: string) =>
  call(forgot, apiRequest('/api/admin/password/forgot', { json: { email }, headers: from(address) }));

export const checkLink = (token: unknown, address = '192.0.2.200') =>
  call(check, apiRequest('/api/admin/password/reset/check', { json: { token }, headers: from(address) }));

export const useLink = (body: Record<string, unknown>, address = '192.0.2.201') =>
  call(reset, apiRequest('/api/admin/password/reset', { json: body, headers: from(address) }));

/** The new password twice, with the link's token. */
export const resetBody = (token: string, password = NEW_PASSWORD) => ({
  token,
  new_password: password,
  confirm_password: password,
});

/** The reset links mailed to the account, oldest first, read from the emails the outbox rendered. */
export async function mailedResetTokens(db: Client, email: string): Promise<string[]> {
  await deliverDue(db, { mailer: null });
  const { rows } = await db.execute({
    sql: "SELECT text_body, state FROM outbox WHERE kind = 'password_reset' AND recipient = ? ORDER BY id",
    args: [email],
  });
  return rows.map((mail) => {
    expect(mail.state).toBe('logged');
    return /\/admin-reset-password#([\w-]+)/.exec(String(mail.text_body))![1]!;
  });
}

/** A link for the account, asked for from its own address. */
export async function freshLink(db: Client, email: string, address: string): Promise<string> {
  expect((await askForLink(email, address)).status).toBe(200);
  return (await mailedResetTokens(db, email)).at(-1)!;
}
