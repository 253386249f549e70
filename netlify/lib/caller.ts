import type { Client, ResultSet } from '@libsql/client';
import type { Endpoint } from '@/lib/api/contract';
import { ROLE_LABELS } from '@/lib/roles';
import type { StaffUser } from './activity';
import { keyCaller, keyCallerSql } from './api-keys';
import { HttpError } from './http';
import { type SessionUser, sessionCaller, sessionCallerSql } from './sessions';
import type { CallerSql, FirstStatements } from './sql';

/**
 * Who makes a call, by its contract entry's access: nobody in particular, a staff session (its role
 * allowed, its second factor set up where the role needs one), or a device key; with the answers of the
 * call's first statements, made in the same round trip.
 */

const TWO_FACTOR_REQUIRED =
  'Your role must sign in with two-factor sign-in: turn it on in Settings > Security before anything else.';

// A device's writes carry their key in this header; a browser cannot add it cross-site without a CORS
// grant, which this site never gives, so those skip the same-origin check.
export const presentsKey = (endpoint: Endpoint, request: Request) =>
  endpoint.access === 'session-or-key' && request.headers.has('authorization');

const NOBODY = { sql: 'NULL', args: [] };

/** Who calls as SQL, for reads made before the caller is checked. */
export function callerSql(endpoint: Endpoint, request: Request): CallerSql {
  if (endpoint.access === 'public') return { source: NOBODY, id: NOBODY, email: { sql: 'NULL', args: {} } };
  const header = request.headers.get('authorization');
  return header !== null && presentsKey(endpoint, request) ? keyCallerSql(header) : sessionCallerSql(request);
}

export async function callerOf(
  endpoint: Endpoint,
  request: Request,
  db: Client,
  reads: FirstStatements,
  address: string,
): Promise<{ results: ResultSet[]; user?: SessionUser; actor?: StaffUser; source?: string }> {
  if (endpoint.access === 'public') {
    return { results: reads.statements.length ? await db.batch(reads.statements, reads.write ? 'write' : 'read') : [] };
  }
  if (presentsKey(endpoint, request)) {
    // biome-ignore lint/style/noNonNullAssertion: presentsKey just found an Authorization header
    return keyCaller(db, request.headers.get('authorization')!, address, reads.statements);
  }
  const { user, results } = await sessionCaller(db, request, address, reads);
  if (endpoint.roles && !endpoint.roles.includes(user.role)) {
    throw new HttpError(403, `Your role (${ROLE_LABELS[user.role]}) does not allow this call.`);
  }
  if (user.needsTwoFactor && !endpoint.beforeTwoFactor) {
    throw new HttpError(403, TWO_FACTOR_REQUIRED, { code: 'TWO_FACTOR_REQUIRED' });
  }
  return { user, results, actor: user, source: `user:${user.id}` };
}
