import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Client, Config } from '@libsql/client';
import { ConfigError, getEnv } from './env';

let current: { url: string; client: Promise<Client> } | undefined;

/** The one database connection of this process, opened on first use from DATABASE_URL. */
export function getDb(): Promise<Client> {
  const { DATABASE_URL: url, DATABASE_AUTH_TOKEN: authToken } = getEnv();
  if (current?.url !== url) {
    const client = open(url, authToken);
    current = { url, client };
    client.catch(() => {
      if (current?.client === client) current = undefined;
    });
  }
  return current.client;
}

/** Closes the connection; the next getDb() opens a new one (tests switch databases this way). */
export async function closeDb(): Promise<void> {
  const previous = current;
  current = undefined;
  if (previous) (await previous.client.catch(() => undefined))?.close();
}

/** A database locked past its busy wait (SQLITE_BUSY, SQLITE_BUSY_SNAPSHOT...): nothing of the transaction was written. */
function isBusyError(error: unknown): boolean {
  return (
    error instanceof Error && 'code' in error && typeof error.code === 'string' && error.code.startsWith('SQLITE_BUSY')
  );
}

/**
 * After a busy error on a database file, the next request gets a new client. libSQL's client 0.18 leaves
 * the statement that failed busy in progress on its pooled connection, and every later COMMIT there fails
 * "SQL statements in progress" (docs/architecture.md). The old client still serves the calls under way,
 * and is closed once they have had time to end.
 */
function replaceAfterBusy(): void {
  if (!current || localDatabasePath(current.url) === null) return;
  const previous = current.client;
  current = undefined;
  setTimeout(
    () =>
      previous.then(
        (client) => client.close(),
        () => undefined,
      ),
    30_000,
  ).unref();
}

// A transaction that met the database locked rolled back whole: the same request can be sent again soon.
const BUSY_RETRY_SECONDS = 1;

/** The headers of the 503 for an unexpected error: after a busy database, when to try again (and a new client). */
export function afterBusy(error: unknown): Record<string, string> {
  if (!isBusyError(error)) return {};
  replaceAfterBusy();
  return { 'Retry-After': String(BUSY_RETRY_SECONDS) };
}

/**
 * The client of the URL's kind, loaded alone: each function instance (netlify dev and serve: each call)
 * loads only what it talks to, some 50 ms less of a cold start than the whole client (a file database
 * never loads the network clients; Turso never loads the native SQLite library).
 */
async function createClient(config: Config): Promise<Client> {
  const scheme = config.url.slice(0, config.url.indexOf(':'));
  if (scheme === 'file') return (await import('@libsql/client/sqlite3')).createClient(config);
  if (scheme === 'ws' || scheme === 'wss') return (await import('@libsql/client/ws')).createClient(config);
  // libsql: URLs are spoken over HTTP, as the whole client does.
  return (await import('@libsql/client/http')).createClient(config);
}

async function open(url: string, authToken: string | undefined): Promise<Client> {
  const isFile = url.startsWith('file:');
  let client: Client;
  try {
    if (isFile) ensureParentFolder(url);
    // Local files get a busy timeout on every pooled connection and WAL (readers never wait for
    // the writer; it is stored in the file). A remote libSQL server manages its own journal and
    // refuses the pragma. libSQL enforces foreign keys by default.
    client = await createClient({ url, ...(authToken ? { authToken } : {}), ...(isFile ? { timeout: 5000 } : {}) });
    if (isFile) {
      await client.execute('PRAGMA journal_mode = WAL');
    } else {
      await client.execute('SELECT 1');
    }
  } catch (error) {
    throw new ConfigError(
      `Invalid environment variable DATABASE_URL: cannot open ${redact(url)} (${firstLine(error)})`,
    );
  }
  return client;
}

/** The file a `file:` database URL names; null for remote or in-memory databases. */
export function localDatabasePath(url: string): string | null {
  if (!url.startsWith('file:')) return null;
  const path = url.startsWith('file://') ? fileURLToPath(url) : (url.slice('file:'.length).split('?')[0] ?? '');
  return path && path !== ':memory:' ? path : null;
}

function ensureParentFolder(url: string): void {
  const path = localDatabasePath(url);
  if (path) mkdirSync(dirname(path), { recursive: true });
}

function redact(url: string): string {
  return url.replace(/\/\/[^@/]*@/, '//***@');
}

function firstLine(error: unknown): string {
  return error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);
}
