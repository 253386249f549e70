import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@libsql/client';
import { BlobsServer } from '@netlify/blobs/server';
import { getCompanyZone } from '../../netlify/lib/settings';
import { hashToken } from '../../netlify/lib/tokens';
import { addDays, dateIn } from '../../src/lib/company-day';
import { isPickupDay } from '../../src/lib/pickup-hours';

/**
 * What the round-trip bench sets up outside the counted calls: the blob store the proofs write to, the
 * links an email would carry (read from the outbox, as the recipient's mailbox would get them), staff
 * accounts and sign-in links written straight into the tables, dates in the company's calendar and a drawn
 * signature. Nothing here goes through the counting proxy while a call is counted.
 */

/**
 * The package's own blobs server on a temporary folder, named to the functions as `netlify dev` names it
 * (NETLIFY_BLOBS_CONTEXT). Blobs are another service than the database: their requests are not counted.
 */
export async function startBlobs(): Promise<{ stop(): Promise<void> }> {
  const directory = await mkdtemp(join(tmpdir(), 'courier-bench-blobs-'));
  const token = 'bench-blobs-token';
  const server = new BlobsServer({ directory, token, logger: () => {} });
  const { port } = await server.start();
  const url = `http://127.0.0.1:${port}`;
  const previous = process.env.NETLIFY_BLOBS_CONTEXT;
  const context = { edgeURL: url, uncachedEdgeURL: url, siteID: 'bench-site', token };
  process.env.NETLIFY_BLOBS_CONTEXT = Buffer.from(JSON.stringify(context)).toString('base64');
  return {
    async stop() {
      await server.stop();
      if (previous === undefined) delete process.env.NETLIFY_BLOBS_CONTEXT;
      else process.env.NETLIFY_BLOBS_CONTEXT = previous;
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** The token of the newest email of this kind to this address: every emailed link carries it in the payload. */
export async function mailedToken(db: Client, kind: string, recipient: string): Promise<string> {
  const { rows } = await db.execute({
    sql: 'SELECT payload FROM outbox WHERE kind = ? AND recipient = ? ORDER BY id DESC LIMIT 1',
    args: [kind, recipient],
  });
  const token = rows[0] ? JSON.parse(String(rows[0].payload)).token : undefined;
  if (typeof token !== 'string') throw new Error(`No ${kind} email with a link to ${recipient}`);
  return token;
}

/** A staff account of this role that signs in with no password (an account to change, or to reset). */
export async function insertStaff(db: Client, email: string, role: string): Promise<number> {
  const { rows } = await db.execute({
    sql: "INSERT INTO admin_users (email, password_hash, role) VALUES (?, 'x', ?) RETURNING id",
    args: [email, role],
  });
  return Number(rows[0]?.id);
}

/** A one-time sign-in link for the account, as the sign-in makes one when strangers fill its budget. */
export async function insertSignInLink(db: Client, email: string, token: string): Promise<void> {
  await db.execute({
    sql: `INSERT INTO sign_in_links (token_hash, user_id, remember, created_at, expires_at)
          SELECT ?, id, 0, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '+15 minutes')
          FROM admin_users WHERE email = ?`,
    args: [hashToken(token), email],
  });
}

/** Today in the company's calendar (its saved time zone). */
export const companyToday = async (db: Client): Promise<string> => dateIn(await getCompanyZone(db), Date.now());

/** The `n`th pickup day from two days after `today`: never a window too close to book or change. */
export function pickupDay(today: string, n = 0): string {
  let date = addDays(today, 2);
  for (let found = -1; ; date = addDays(date, 1)) {
    if (isPickupDay(date) && ++found === n) return date;
  }
}
