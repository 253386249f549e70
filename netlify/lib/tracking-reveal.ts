import type { Client } from '@libsql/client';
import { z } from 'zod';
import { TRACKING_NOT_FOUND } from '@/lib/api/tracking';
import type { RevealInput, TrackingResult } from '@/lib/schemas/tracking';
import { deliveryDaysFrom, deliveryDaysReads } from './delivery-days';
import { HttpError, invalidInput } from './http';
import { clientNetwork, countRequest } from './rate-limit';
import { decodeFirst, sqlBoolean } from './rows';
import { cookieValue, hashToken, newToken, tokenCookie } from './tokens';
import { publicTrackingStatement, publicTrackings } from './tracking';

/**
 * The recipient's reveal: proving their email or the last digits of their phone shows the full address to
 * this browser for its session. The one writer of tracking_reveals.
 */

/** The browser's reveal token: an HttpOnly session cookie, so it ends when the browser session does. */
export const REVEAL_COOKIE = '__Host-nec-reveal';
/** However long the browser session lasts, a reveal holds at most this long. */
const REVEAL_LIFETIME_MS = 12 * 60 * 60 * 1000;
/**
 * Attempts, so the 10,000 possible last-4 digits cannot be tried: per shipment and client a day, per client
 * an hour (a client being its IPv4 address or its IPv6 /64). No count per shipment alone: strangers could
 * fill it and lock the recipient out.
 */
export const REVEAL_LIMITS = {
  perShipmentAndClient: { limit: 5, windowSeconds: 24 * 60 * 60 },
  perClient: { limit: 20, windowSeconds: 60 * 60 },
} as const;

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** The reveal token a request carries, when it has a well-formed one. */
export function revealTokenOf(request: Request): string | null {
  const token = cookieValue(request, REVEAL_COOKIE);
  return token !== null && TOKEN_PATTERN.test(token) ? token : null;
}

const recipientSchema = z.object({
  id: z.number().int(),
  recipient_mail: z.string().nullable(),
  recipient_phone: z.string().nullable(),
  token_known: sqlBoolean,
});

const DOES_NOT_MATCH = 'This does not match the recipient of this shipment';

/**
 * Checks the proof against the recipient's email (any case) or the last 4 digits of their phone and,
 * when it matches, grants this browser's token the full address of the shipment (a new token when
 * the browser has none that is still valid). Attempts count against REVEAL_LIMITS first, matching or
 * not. Answers the revealed shipment and the cookie to set, if a new token was made.
 */
export async function revealAddress(
  db: Client,
  trackingNumber: string,
  proof: RevealInput,
  { token, client, now = new Date() }: { token: string | null; client: string; now?: Date },
): Promise<{ data: TrackingResult; cookie: string | null }> {
  const network = clientNetwork(client);
  const perClient = countRequest({ key: `reveal:${network}`, ...REVEAL_LIMITS.perClient }, now.getTime());
  const perShipment = countRequest(
    { key: `reveal:${trackingNumber}:${network}`, ...REVEAL_LIMITS.perShipmentAndClient },
    now.getTime(),
  );
  const time = now.toISOString();
  // One round trip counts the attempt and reads what it is checked against; a second records the grant
  // and reads the revealed answer.
  const counted = await db.batch(
    [
      ...perClient.statements,
      ...perShipment.statements,
      {
        sql: `SELECT s.id, s.recipient_mail, s.recipient_phone,
                     EXISTS (SELECT 1 FROM tracking_reveals r WHERE r.token_hash = ? AND r.expires_at > ?) AS token_known
              FROM shipments s WHERE s.tracking_number = ?`,
        args: [token ? hashToken(token) : '', time, trackingNumber],
      },
    ],
    'write',
  );
  perClient.check(counted);
  perShipment.check(counted, perClient.statements.length);
  const recipient = decodeFirst(recipientSchema, counted.at(-1)?.rows ?? []);
  if (!recipient) throw new HttpError(404, TRACKING_NOT_FOUND);

  const matches =
    proof.email !== undefined
      ? !!recipient.recipient_mail && recipient.recipient_mail.trim().toLowerCase() === proof.email
      : (recipient.recipient_phone ?? '').replace(/\D/g, '').slice(-4) === proof.phone_last4 &&
        (recipient.recipient_phone ?? '').replace(/\D/g, '').length >= 4;
  if (!matches) throw invalidInput({ [proof.email !== undefined ? 'email' : 'phone_last4']: [DOES_NOT_MATCH] });

  const kept = token && recipient.token_known ? token : null;
  const granted = kept ?? newToken();
  const written = await db.batch(
    [
      { sql: 'DELETE FROM tracking_reveals WHERE expires_at <= ?', args: [time] },
      {
        sql: `INSERT INTO tracking_reveals (token_hash, shipment_id, expires_at) VALUES (?, ?, ?)
              ON CONFLICT (token_hash, shipment_id) DO UPDATE SET expires_at = excluded.expires_at`,
        args: [hashToken(granted), recipient.id, new Date(now.getTime() + REVEAL_LIFETIME_MS).toISOString()],
      },
      publicTrackingStatement([trackingNumber], granted, now),
      ...deliveryDaysReads(),
    ],
    'write',
  );
  const [answer, ...settings] = written.slice(2);
  const data = answer && publicTrackings(answer, deliveryDaysFrom(settings, now).days).get(trackingNumber);
  if (!data) throw new HttpError(404, TRACKING_NOT_FOUND);
  return {
    data,
    cookie: kept ? null : tokenCookie(REVEAL_COOKIE, granted),
  };
}
