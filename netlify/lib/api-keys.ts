import type { Client, InStatement, ResultSet } from '@libsql/client';
import { z } from 'zod';
import { KEY_NOT_FOUND } from '@/lib/api/api-keys';
import { type ApiKeyCreateInput, type ApiKeyInfo, apiKeyInfoSchema } from '@/lib/schemas/api-keys';
import { type StaffUser, subjectActivity } from './activity';
import { HttpError, invalidInput } from './http';
import { decodeFirst, decodeRows } from './rows';
import { AUTHENTICATION_REQUIRED } from './sessions';
import type { CallerSql } from './sql';
import { hashToken, newToken } from './tokens';

/**
 * Device API keys (Settings > Integrations): the one writer of `api_keys`. A key is shown once at
 * creation; only its SHA-256 is stored, with a visible prefix. A key may call only the calls whose
 * contract says `session-or-key` (status and location updates, bulk scans): it opens no session and
 * reads nothing, and its writes are logged under its name.
 */

/** Every key starts so, which lets secret scanners recognise one that leaked. */
const KEY_PREFIX = 'nec_';
const KEY_PATTERN = /^nec_[A-Za-z0-9_-]{43}$/;
/** What staff see of a key: the prefix and 8 more characters. */
const VISIBLE_LENGTH = KEY_PREFIX.length + 8;

const SELECT_INFO = 'SELECT id, name, prefix, created_by_email, created_at, last_used_at, revoked_at FROM api_keys';

/** Creates a key; the answer is the only time its secret exists outside the caller. */
export async function createApiKey(
  db: Client,
  { name }: ApiKeyCreateInput,
  actor: StaffUser,
  now = new Date(),
): Promise<{ key: string; info: ApiKeyInfo }> {
  const key = KEY_PREFIX + newToken();
  const prefix = key.slice(0, VISIBLE_LENGTH);
  const at = now.toISOString();
  try {
    const [, , created] = await db.batch(
      [
        {
          sql: `INSERT INTO api_keys (name, prefix, key_hash, created_by, created_by_email, created_at)
                VALUES (?, ?, ?, ?, ?, ?)`,
          args: [name, prefix, hashToken(key), actor.id, actor.email, at],
        },
        subjectActivity(actor, 'api_key_created', { type: 'api_key', id: prefix }, `API key "${name}" created`, at),
        { sql: `${SELECT_INFO} WHERE prefix = ?`, args: [prefix] },
      ],
      'write',
    );
    // biome-ignore lint/style/noNonNullAssertion: db.batch answers one result per statement, and the key was inserted by the same batch, so its row exists
    return { key, info: decodeFirst(apiKeyInfoSchema, created!.rows)! };
  } catch (error) {
    if (error instanceof Error && /UNIQUE constraint failed: api_keys\.name/.test(`${error.message} ${error.cause}`)) {
      throw invalidInput({ name: ['A key with this name is in use: choose another name or revoke that key'] });
    }
    throw error;
  }
}

/** Every key, live ones first, newest first. */
export async function listApiKeys(db: Client): Promise<ApiKeyInfo[]> {
  const { rows } = await db.execute(`${SELECT_INFO} ORDER BY revoked_at IS NOT NULL, id DESC`);
  return decodeRows(apiKeyInfoSchema, rows);
}

/** The read of the key a path names, for the staff call's first round trip. */
export function apiKeyReads(id: number): InStatement[] {
  return [{ sql: `${SELECT_INFO} WHERE id = ?`, args: [id] }];
}

/** Revokes the key `apiKeyReads` found (404 when none) at once: its next call is refused; again changes nothing. */
export async function revokeApiKey(
  db: Client,
  found: ResultSet | undefined,
  actor: StaffUser,
  now = new Date(),
): Promise<ApiKeyInfo> {
  const key = decodeFirst(apiKeyInfoSchema, found?.rows ?? []);
  if (!key) throw new HttpError(404, KEY_NOT_FOUND);
  if (key.revoked_at) return key;
  const { id } = key;
  const at = now.toISOString();
  const [, , current] = await db.batch(
    [
      { sql: 'UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL', args: [at, id] },
      // Only the request that revoked it logs it, when two race.
      subjectActivity(
        actor,
        'api_key_revoked',
        { type: 'api_key', id: key.prefix },
        `API key "${key.name}" revoked`,
        at,
        {
          onlyIfChanged: true,
        },
      ),
      { sql: `${SELECT_INFO} WHERE id = ?`, args: [id] },
    ],
    'write',
  );
  // biome-ignore lint/style/noNonNullAssertion: db.batch answers one result per statement; the key's row is read in the batch that just found it
  return decodeFirst(apiKeyInfoSchema, current!.rows)!;
}

const keyRow = z.object({ id: z.number().int(), name: z.string(), created_by: z.number().int() });

/** Who a key call acts as: the key (by name) on behalf of the staff member who created it. */
interface KeyCaller {
  keyId: number;
  name: string;
  actor: StaffUser;
}

/** The key an `Authorization: Bearer` header carries, when it has a key's shape. */
function bearerKey(header: string): string | null {
  const key = /^Bearer +(\S+)$/i.exec(header.trim())?.[1];
  return key && KEY_PATTERN.test(key) ? key : null;
}

/**
 * The header's key as SQL (its sender id, the staff member who made it), for reads made in the key
 * check's round trip, before the key is known; they are answered only when the key is live.
 */
export function keyCallerSql(header: string): CallerSql {
  const args = [hashToken(bearerKey(header) ?? '')];
  return {
    source: { sql: "(SELECT 'key:' || id FROM api_keys WHERE key_hash = ?)", args },
    id: { sql: '(SELECT created_by FROM api_keys WHERE key_hash = ?)', args },
    // A key never signs in: no throttle counts for it.
    email: { sql: 'NULL', args: {} },
  };
}

/**
 * The live key of an `Authorization: Bearer` header, or null; a used key records when. The call's first
 * reads go in the same round trip.
 */
async function authenticateKey(
  db: Client,
  header: string,
  address: string,
  reads: InStatement[],
  now = new Date(),
): Promise<{ caller: KeyCaller; results: ResultSet[] } | null> {
  const key = bearerKey(header);
  if (!key) return null;
  const [found, ...results] = await db.batch(
    [
      {
        sql: `UPDATE api_keys SET last_used_at = ? WHERE key_hash = ? AND revoked_at IS NULL
              RETURNING id, name, created_by`,
        args: [now.toISOString(), hashToken(key)],
      },
      ...reads,
    ],
    'write',
  );
  const row = decodeFirst(keyRow, found?.rows ?? []);
  if (!row) return null;
  // A key has no role: the trail shows its name, not the role of whoever made it.
  const actor = { id: row.created_by, email: `${row.name} (API key)`, role: null, address };
  return { caller: { keyId: row.id, name: row.name, actor }, results };
}

/**
 * The device behind an `Authorization` header: its key's name, acting for the staff member who made
 * it, and the sender id scans are made idempotent under, with the answers of the call's first reads;
 * 401 unless the key is live.
 */
export async function keyCaller(
  db: Client,
  header: string,
  address: string,
  reads: InStatement[],
): Promise<{ actor: StaffUser; source: string; results: ResultSet[] }> {
  const found = await authenticateKey(db, header, address, reads);
  if (!found) {
    throw new HttpError(401, AUTHENTICATION_REQUIRED, {
      headers: { 'WWW-Authenticate': 'Bearer realm="api", error="invalid_token"' },
    });
  }
  const { caller, results } = found;
  return { actor: caller.actor, source: `key:${caller.keyId}`, results };
}
