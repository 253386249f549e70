import { createServer, type Server } from 'node:net';
import { ConfigError } from '../../netlify/lib/env';

// No host: the dual-stack wildcard, so a port counts as free only if it is free on every address.
function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, () => resolve((server.address() as { port: number }).port));
  });
}

function close(server: Server): Promise<void> {
  return new Promise((resolve) => (server.listening ? server.close(() => resolve()) : resolve()));
}

/**
 * Ports that are free right now: the system picks them when we bind port 0, then we release them for the
 * servers that need them. Bound all at once, so they differ from each other. Fixed ports (netlify-cli's
 * 3999, astro's 4321) would clash with a second copy of the site.
 */
export async function freePorts(count: number): Promise<number[]> {
  const servers = Array.from({ length: count }, () => createServer());
  try {
    return await Promise.all(servers.map((server) => listen(server, 0)));
  } finally {
    await Promise.all(servers.map(close));
  }
}

/** PORT as a number (the fallback when unset); a malformed value is a one-line configuration error. */
export function parsePort(value: string | undefined, fallback: number): number {
  if (!value?.trim()) return fallback;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 1 || port > 65_535) {
    throw new ConfigError(`Invalid environment variable PORT: must be a whole number from 1 to 65535, got "${value}"`);
  }
  return port;
}

/** Why the port cannot be listened on right now, or null when it can (it is bound, then released). */
async function listenError(port: number): Promise<NodeJS.ErrnoException | null> {
  const server = createServer();
  try {
    await listen(server, port);
    return null;
  } catch (error) {
    return error as NodeJS.ErrnoException;
  } finally {
    await close(server);
  }
}

/** Whether nothing listens on the port right now. */
export async function portIsFree(port: number): Promise<boolean> {
  return (await listenError(port)) === null;
}

/** Fails in one line when the port is taken, before the slow build, rather than with a stack trace after it. */
export async function assertPortFree(port: number): Promise<void> {
  const error = await listenError(port);
  if (!error) return;
  throw new ConfigError(
    error.code === 'EADDRINUSE'
      ? `Port ${port} is already in use: stop what listens there or set PORT to another port`
      : `Invalid environment variable PORT: cannot listen on ${port} (${error.code ?? error.message})`,
  );
}
