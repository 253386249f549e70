import type { Client } from '@libsql/client';
import { z } from 'zod';
import type { SessionInfo } from '@/lib/schemas/account';
import { decodeRows } from './rows';
import { IDLE_TIMEOUT_MS, type SessionUser } from './sessions';
import { browserSummary } from './user-agent';

/** The staff member's own live sessions, as Settings > Security lists them (sessions.ts writes them). */

const iso = (time: number) => new Date(time).toISOString();

const sessionInfoSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  last_seen_at: z.string(),
  expires_at: z.string(),
  user_agent: z.string(),
  address: z.string(),
});

/** The user's live sessions, most recently used first, the request's own marked `current`. */
export async function listSessions(db: Client, user: SessionUser, now = Date.now()): Promise<SessionInfo[]> {
  const { rows } = await db.execute({
    sql: `SELECT id, created_at, last_seen_at, expires_at, user_agent, address FROM sessions
          WHERE user_id = ? AND expires_at > ? AND last_seen_at > ?
          ORDER BY last_seen_at DESC, created_at DESC`,
    args: [user.id, iso(now), iso(now - IDLE_TIMEOUT_MS)],
  });
  return decodeRows(sessionInfoSchema, rows).map(({ user_agent, ...session }) => ({
    ...session,
    browser: browserSummary(user_agent),
    current: session.id === user.sessionId,
  }));
}
