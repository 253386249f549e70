import type { Client, InStatement, InValue, ResultSet } from '@libsql/client';
import { z } from 'zod';
import { HttpError } from './http';
import { hashingBusy } from './password';
import { PURGE_BATCH } from './purge';
import { clientNetwork } from './rate-limit';
import { decodeFirst } from './rows';
import type { NamedSql } from './sql';

/**
 * The sign-in throttle, the one writer of `login_attempts` and `admin_known_addresses`.
 *
 * Every password or code check is counted BEFORE it runs, by one conditional INSERT inside a write
 * transaction: the row goes in only while every bucket of the attempt is under its limit, so N
 * parallel guesses can never pass more than the limit, whatever the instances. The row stays when
 * the check fails, times out or crashes; a check that succeeds gives its row back, so only failures
 * fill a budget; a full sign-in clears the rows of its (account, address).
 *
 * Buckets over a sliding 15-minute window:
 * - (account, address): 5 attempts. Always applies (429).
 * - address, across accounts, for unknown pairs: 20 attempts (one address spraying many accounts; 429).
 * - password checks in flight from one address, for unknown pairs: 2 at once (429).
 * - password checks in flight across every instance, for unknown pairs: 8 at once (503), which only
 *   a flood from several addresses reaches.
 * - account, from addresses it has never fully signed in from: 10 attempts. A full bucket refuses
 *   nothing: it makes the sign-in "guarded" (see auth.ts), where a right password alone no longer
 *   shows itself and the second factor or a link emailed to the account finishes it. So strangers
 *   can neither lock the owner out nor guess on from address after address.
 * An address the account has fully signed in from before (a "known address", kept 90 days) is held
 * to its own (account, address) bucket only. An attacker sharing that very address can still
 * exhaust it, as nothing else tells them apart.
 * An "address" is an IPv4 address or an IPv6 /64 (`clientNetwork`): one IPv6 client has a whole /64 to
 * rotate through, and a phone's or laptop's own address changes within it from day to day.
 */

const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const LOGIN_LIMITS = { pair: 5, account: 10, address: 20, addressInFlight: 2, inFlight: 8 } as const;
/** An unfinished attempt older than this no longer counts as in flight (its function died); it still counts as an attempt. */
export const IN_FLIGHT_STALE_MS = 10_000;
const KNOWN_ADDRESS_TTL_MS = 90 * 24 * 60 * 60 * 1000;
/** Known addresses kept per account, most recent first. */
const KNOWN_ADDRESSES_PER_USER = 20;

const TOO_MANY_ATTEMPTS = 'Too many failed sign-in attempts.';
export const ADDRESS_BUSY = 'Another sign-in from your address is being checked. Please try again in a few seconds.';
/** Seconds to wait when this address has its password checks in flight: one check takes well under that. */
const ADDRESS_BUSY_RETRY_SECONDS = 2;

const iso = (time: number) => new Date(time).toISOString();

export interface Attempt {
  /**
   * The account's email as signed in with (lower case), or SQL finding it when the account is known only
   * by the session or the sign-in challenge read in the same batch: NULL there counts nothing.
   */
  email: string | NamedSql;
  address: string;
  /** A password check costs a hash and counts in flight; a code check does not. */
  kind: 'password' | 'code';
}

export interface CountedAttempt {
  id: number;
  /**
   * The account's budget for unknown addresses was full (this pair is not known): a sign-in must not
   * let a right password show itself. Calls behind a session may ignore it.
   */
  guarded: boolean;
  /** The answers of the extra reads run in the same transaction, in order. */
  reads: ResultSet[];
}

const countedSchema = z.object({ id: z.number().int() });
const stateSchema = z.object({ known: z.number().int(), account_full: z.number().int() });

/**
 * Who and when, as every statement of the throttle reads them (a remote server refuses unused
 * arguments, so each statement takes only what it uses): `email` is the SQL of the account's email.
 */
function who(attempt: Attempt, now: number) {
  const email = typeof attempt.email === 'string' ? { sql: ':email', args: { email: attempt.email } } : attempt.email;
  return {
    email: email.sql,
    emailArgs: email.args,
    address: clientNetwork(attempt.address),
    since: iso(now - LOGIN_WINDOW_MS),
    stale: iso(now - IN_FLIGHT_STALE_MS),
  };
}

const known = (email: string) => `EXISTS (SELECT 1 FROM admin_known_addresses a JOIN admin_users u ON u.id = a.user_id
                       WHERE u.email = ${email} AND a.address = :address)`;
const accountCount = (email: string) =>
  `(SELECT count(*) FROM login_attempts WHERE email = ${email} AND known = 0 AND attempted_at > :since)`;
const ADDRESS_IN_FLIGHT = `(SELECT count(*) FROM login_attempts
                            WHERE address = :address AND known = 0 AND finished = 0 AND attempted_at > :stale)`;
const ALL_IN_FLIGHT = '(SELECT count(*) FROM login_attempts WHERE finished = 0 AND attempted_at > :stale)';

/**
 * The statements that count an attempt, for a batch (a write transaction) that may also check who calls
 * and read what the check needs; `readCount` reads their answers.
 */
export function countStatements(attempt: Attempt, now: number): InStatement[] {
  const { email, emailArgs, address, since, stale } = who(attempt, now);
  return [
    ...purgeStatements(now),
    {
      sql: `SELECT ${known(email)} AS known, ${accountCount(email)} >= :account AS account_full`,
      args: { ...emailArgs, address, since, account: LOGIN_LIMITS.account },
    },
    {
      sql: `WITH k (known) AS (SELECT ${known(email)})
            INSERT INTO login_attempts (email, address, known, finished, attempted_at)
            SELECT ${email}, :address, k.known, :finished, :now FROM k
            WHERE ${email} IS NOT NULL
              AND (SELECT count(*) FROM login_attempts
                   WHERE email = ${email} AND address = :address AND attempted_at > :since) < :pair
              AND (k.known OR (
                    (SELECT count(*) FROM login_attempts
                     WHERE address = :address AND known = 0 AND attempted_at > :since) < :addressLimit
                AND (:checkInFlight = 0 OR (${ADDRESS_IN_FLIGHT} < :addressInFlight AND ${ALL_IN_FLIGHT} < :inFlight))))
            RETURNING id`,
      args: {
        ...emailArgs,
        address,
        since,
        stale,
        now: iso(now),
        finished: attempt.kind === 'password' ? 0 : 1,
        checkInFlight: attempt.kind === 'password' ? 1 : 0,
        pair: LOGIN_LIMITS.pair,
        addressLimit: LOGIN_LIMITS.address,
        addressInFlight: LOGIN_LIMITS.addressInFlight,
        inFlight: LOGIN_LIMITS.inFlight,
      },
    },
  ];
}

/** How many answers `countStatements` has in a batch's: those after them are the batch's next statements'. */
export const COUNT_ANSWERS = countStatements({ email: '', address: '', kind: 'code' }, 0).length;

/**
 * The counted attempt from the answers of `countStatements`, or the refusal: 429 with Retry-After
 * when a bucket is full or this address has its password checks in flight, 503 when too many password
 * checks are in flight everywhere.
 */
export async function readCount(
  db: Client,
  attempt: Attempt,
  answers: ResultSet[],
  now: number,
): Promise<Omit<CountedAttempt, 'reads'>> {
  // biome-ignore lint/style/noNonNullAssertion: db.batch answers one result per statement; the state SELECT has no FROM, so it answers one row
  const state = decodeFirst(stateSchema, answers[COUNT_ANSWERS - 2]!.rows)!;
  const counted = decodeFirst(countedSchema, answers[COUNT_ANSWERS - 1]?.rows ?? []);
  if (!counted) throw await refusal(db, attempt, now);
  return { id: counted.id, guarded: !state.known && state.account_full === 1 };
}

/**
 * Counts an attempt, or refuses it (see `readCount`). `also` runs in the same write transaction
 * before the count (e.g. purges) and `reads` after it (e.g. the account's row), saving round trips.
 */
export async function countAttempt(
  db: Client,
  attempt: Attempt,
  { now = Date.now(), also = [], reads = [] }: CountOptions = {},
): Promise<CountedAttempt> {
  const results = await db.batch([...also, ...countStatements(attempt, now), ...reads], 'write');
  const answers = results.slice(also.length);
  return { ...(await readCount(db, attempt, answers, now)), reads: answers.slice(COUNT_ANSWERS) };
}

interface CountOptions {
  now?: number;
  also?: InStatement[];
  reads?: InStatement[];
}

const fullSinceSchema = z.object({
  known: z.number().int(),
  pair: z.string().nullable(),
  address: z.string().nullable(),
  address_in_flight: z.number().int(),
  in_flight: z.number().int(),
});

/**
 * Why an attempt was refused: the 429 of the fullest bucket (when it reopens), else the 429 of this
 * address's checks in flight, else the 503 of the checks in flight everywhere.
 */
async function refusal(db: Client, attempt: Attempt, now: number): Promise<HttpError> {
  const { email, emailArgs, address, since, stale } = who(attempt, now);
  // The limit-th most recent attempt of a full bucket: the bucket reopens when it leaves the window.
  const { rows } = await db.execute({
    sql: `SELECT ${known(email)} AS known,
            (SELECT attempted_at FROM login_attempts WHERE email = ${email} AND address = :address AND attempted_at > :since
             ORDER BY attempted_at DESC LIMIT 1 OFFSET :pair - 1) AS pair,
            (SELECT attempted_at FROM login_attempts WHERE address = :address AND known = 0 AND attempted_at > :since
             ORDER BY attempted_at DESC LIMIT 1 OFFSET :addressLimit - 1) AS address,
            ${ADDRESS_IN_FLIGHT} AS address_in_flight,
            ${ALL_IN_FLIGHT} AS in_flight`,
    args: { ...emailArgs, address, since, stale, pair: LOGIN_LIMITS.pair, addressLimit: LOGIN_LIMITS.address },
  });
  // biome-ignore lint/style/noNonNullAssertion: a SELECT of scalar subqueries without FROM always answers one row
  const full = decodeFirst(fullSinceSchema, rows)!;
  const buckets = full.known ? [full.pair] : [full.pair, full.address];
  const reopens = buckets.flatMap((since) => (since ? [Date.parse(since) + LOGIN_WINDOW_MS] : []));
  const checking = attempt.kind === 'password' && !full.known;
  if (!reopens.length && checking && full.address_in_flight >= LOGIN_LIMITS.addressInFlight) {
    return new HttpError(429, ADDRESS_BUSY, { headers: { 'Retry-After': String(ADDRESS_BUSY_RETRY_SECONDS) } });
  }
  if (!reopens.length && checking && full.in_flight >= LOGIN_LIMITS.inFlight) return hashingBusy();
  // Without a full bucket now, one emptied in between: a second later is right.
  const retryAfter = Math.max(1, Math.ceil((Math.max(now, ...reopens) - now) / 1000));
  const minutes = Math.ceil(retryAfter / 60);
  const wait = retryAfter < 60 ? `${retryAfter} seconds` : `${minutes} minute${minutes === 1 ? '' : 's'}`;
  return new HttpError(429, `${TOO_MANY_ATTEMPTS} Please try again in ${wait}.`, {
    headers: { 'Retry-After': String(retryAfter) },
  });
}

/** Marks a counted password check as done (it no longer counts in flight; it still counts as an attempt). */
export function finishAttempt(id: number): InStatement {
  return { sql: 'UPDATE login_attempts SET finished = 1 WHERE id = ?', args: [id] };
}

/** Gives back the attempt of a check that succeeded: only failures fill a budget. */
export function releaseAttempt(id: number): InStatement {
  return { sql: 'DELETE FROM login_attempts WHERE id = ?', args: [id] };
}

/**
 * A full sign-in (or a password change) from this address: its (account, address) attempts are
 * forgotten and the address becomes (or stays) known to the account, which keeps its 20 latest; only
 * `when` its condition holds (the sign-in still to be made, later in the batch).
 */
export function signedInFrom(
  userId: number,
  email: string,
  address: string,
  now: number,
  when: { sql: string; args: InValue[] } = { sql: '1', args: [] },
): InStatement[] {
  const network = clientNetwork(address);
  return [
    {
      sql: `DELETE FROM login_attempts WHERE email = ? AND address = ? AND ${when.sql}`,
      args: [email, network, ...when.args],
    },
    {
      sql: `INSERT INTO admin_known_addresses (user_id, address, last_login_at) SELECT ?, ?, ? WHERE ${when.sql}
            ON CONFLICT (user_id, address) DO UPDATE SET last_login_at = excluded.last_login_at`,
      args: [userId, network, iso(now), ...when.args],
    },
    {
      sql: `DELETE FROM admin_known_addresses WHERE user_id = ? AND address NOT IN (
              SELECT address FROM admin_known_addresses WHERE user_id = ? ORDER BY last_login_at DESC LIMIT ?)`,
      args: [userId, userId, KNOWN_ADDRESSES_PER_USER],
    },
  ];
}

/** Forgets every attempt on an account (its password was reset). */
export function forgetAttempts(
  email: string,
  when: { sql: string; args: InValue[] } = { sql: '1', args: [] },
): InStatement {
  return { sql: `DELETE FROM login_attempts WHERE email = ? AND ${when.sql}`, args: [email, ...when.args] };
}

/** Attempts past the window and known addresses past their time, a bounded batch of each. */
function purgeStatements(now: number): InStatement[] {
  return [
    {
      sql: `DELETE FROM login_attempts WHERE id IN (
              SELECT id FROM login_attempts WHERE attempted_at <= ? ORDER BY attempted_at LIMIT ?)`,
      args: [iso(now - LOGIN_WINDOW_MS), PURGE_BATCH],
    },
    {
      sql: `DELETE FROM admin_known_addresses WHERE (user_id, address) IN (
              SELECT user_id, address FROM admin_known_addresses WHERE last_login_at < ? ORDER BY last_login_at LIMIT ?)`,
      args: [iso(now - KNOWN_ADDRESS_TTL_MS), PURGE_BATCH],
    },
  ];
}
