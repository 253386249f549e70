import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { readdirSync, utimesSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSeedShipments } from '../../db/seed';
import { DEFAULT_ADMIN_EMAIL, DEFAULT_ADMIN_PASSWORD } from '../../netlify/lib/env';
import { DEMO_DRIVER } from '../../scripts/lib/demo-driver';
import { freePorts, portIsFree } from '../../scripts/lib/ports';
import { copyDir, devFunctions } from '../../scripts/lib/serve';
import { nativeLibraryCopies } from '../helpers/native-libraries';

interface Copy {
  url: string;
  child: ChildProcess;
  output: string;
  /** The output when the copy said it is ready. */
  atReady: string;
}

let dir: string;
const copies: Copy[] = [];
let dev: Copy;

function start(port: number, database: string, mode: 'serve' | 'dev' = 'serve'): Copy {
  // The copies run as `npm start` would, not as a test: no vitest variables, no NODE_ENV=test.
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !key.startsWith('VITEST') && key !== 'NODE_ENV'),
  );
  const child = spawn('npx', ['tsx', 'scripts/start.ts', ...(mode === 'dev' ? ['--dev'] : [])], {
    // A process group of its own, so stopping it stops netlify-cli and everything it spawned.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...env,
      PORT: String(port),
      DATABASE_URL: `file:${database}`,
      ADMIN_EMAIL: '',
      ADMIN_PASSWORD: '',
      SITE_URL: '',
    },
  });
  const copy = { url: `http://localhost:${port}`, child, output: '', atReady: '' };
  child.stdout?.on('data', (chunk) => (copy.output += chunk));
  child.stderr?.on('data', (chunk) => (copy.output += chunk));
  return copy;
}

// start.ts prints "Ready on <url>" once the url answers HTTP.
async function ready(copy: Copy): Promise<void> {
  while (!copy.output.includes(`Ready on ${copy.url}`)) {
    if (copy.child.exitCode !== null) {
      throw new Error(`The copy on ${copy.url} exited (${copy.child.exitCode}):\n${copy.output.slice(-3000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  copy.atReady = copy.output;
}

function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Waits up to `ms` for every process of the group to end; whether they did. */
async function groupEnded(pid: number, ms: number): Promise<boolean> {
  for (let waited = 0; waited < ms && groupAlive(pid); waited += 200) {
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return !groupAlive(pid);
}

// The whole group, not just npx: netlify-cli and its esbuild services outlive a stopped parent otherwise.
async function stop({ child }: Copy): Promise<void> {
  const pid = child.pid!;
  if (!groupAlive(pid)) return;
  process.kill(-pid, 'SIGTERM');
  if (!(await groupEnded(pid, 10_000))) process.kill(-pid, 'SIGKILL');
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'courier-side-by-side-'));
  const [first, second, third] = await freePorts(3);
  copies.push(start(first!, join(dir, 'first.db')), start(second!, join(dir, 'second.db')));
  dev = start(third!, join(dir, 'dev.db'), 'dev');
  await Promise.all([...copies, dev].map(ready));
}, 720_000);

/**
 * Stops a copy as a supervisor may (`kill <pid>`): its start script alone, not its group. Whether everything it
 * started stopped with it (through npx, netlify-cli and astro outlived it) and its port is free again.
 */
async function stopScriptAlone(copy: Copy): Promise<{ script: boolean; ended: boolean; portFree: boolean }> {
  const group = copy.child.pid!;
  const script = execFileSync('ps', ['-o', 'pid=,args=', '-g', String(group)], { encoding: 'utf8' })
    .split('\n')
    .find((line) => line.includes('scripts/start.ts') && line.includes('--import'));
  if (!script) return { script: false, ended: false, portFree: false };
  process.kill(Number(script.trim().split(/\s+/)[0]), 'SIGTERM');
  const ended = await groupEnded(group, 15_000);
  return { script: true, ended, portFree: await portIsFree(Number(new URL(copy.url).port)) };
}

// Checked as the first copy's teardown, so the tests that use it run in any order before.
afterAll(async () => {
  const first = copies[0] && (await stopScriptAlone(copies[0]));
  await Promise.all([...copies, dev].map(stop));
  // Each copy served from a folder of its own (scripts/lib/serve.ts); a later start would prune them too.
  await Promise.all(copies.map(({ url }) => rm(copyDir(Number(new URL(url).port)), { recursive: true, force: true })));
  await rm(dir, { recursive: true, force: true });
  expect(first, 'the first copy stops whole when its start script alone is told to stop').toEqual({
    script: true,
    ended: true,
    portFree: true,
  });
  // Up to 15 s for the first copy's script to stop its group, 10 s for each group, then the copies' folders; a
  // loaded machine needs the margin.
}, 80_000);

// Each copy builds the site (one after the other, under the startup lock), hence the long start-up allowance.
// Two `npm start` copies at once, each on its own port and database: every helper server netlify-cli starts
// must get a port of its own, or the second copy dies with EADDRINUSE and never answers.
describe('two copies of the served site at once', () => {
  it('both serve pages and functions, each on its own port', async () => {
    const trackingNumber = buildSeedShipments()[0]!.tracking_number;
    for (const { url } of copies) {
      const home = await fetch(`${url}/`);
      expect(home.status).toBe(200);
      // Read to the end: undici asserts (and the process dies) when a socket ends under an unread body.
      await home.text();
      const tracking = await fetch(`${url}/api/tracking/${trackingNumber}`);
      expect(tracking.status).toBe(200);
      expect((await tracking.json()).data.tracking_number).toBe(trackingNumber);
    }
  });

  // Each copy builds its pages into a folder of its own: the copy that built first still names itself
  // once the other has built (they shared dist/ before, and the newest build named the newest copy).
  it('each serve pages and a sitemap that name their own address', async () => {
    for (const { url } of copies) {
      const home = await (await fetch(`${url}/`)).text();
      expect(home).toContain(`<link rel="canonical" href="${url}/">`);
      const sitemap = await (await fetch(`${url}/sitemap.xml`)).text();
      expect(sitemap).toContain(`<loc>${url}/</loc>`);
      const other = copies.find((copy) => copy.url !== url)!.url;
      expect(`${home}\n${sitemap}`).not.toContain(other);
    }
  });

  it('end their output with the address, the admin login and the demo driver once they answer', () => {
    for (const { url, atReady } of copies) {
      const last = atReady.trimEnd().split('\n').slice(-9).join('\n');
      expect(last).toMatch(new RegExp(`^Ready on ${url}\n`));
      expect(last).toContain(`Admin:    ${url}/admin-login`);
      expect(last).toContain(`email ${DEFAULT_ADMIN_EMAIL}`);
      expect(last).toContain(`password ${DEFAULT_ADMIN_PASSWORD}`);
      expect(last).toContain(`Driver:   ${url}/driver`);
      expect(last).toContain(`email ${DEMO_DRIVER.email}`);
    }
  });
});

// As `npm start` does for `netlify serve` (tests/e2e/concurrent-writes.spec.ts): copies of SQLite that do not
// share locks could corrupt the database when two functions write at once. `netlify dev` also builds a
// changed function again, with a new copy of the library.
describe('npm run dev', () => {
  it('loads one native SQLite library in every function, also once a changed function reloads', async () => {
    const built = devFunctions(process.cwd());
    const functions = readdirSync(built).filter((name) => !name.startsWith('.'));
    expect(functions.length).toBeGreaterThan(10);
    // Per library, how many files its copies are: 1 when shared.
    const files = () => [...nativeLibraryCopies(built).inodes.values()].map((inodes) => inodes.size);
    expect(files()).toEqual([1]);

    const now = new Date();
    utimesSync('netlify/functions/places-list-create.ts', now, now);
    for (let waited = 0; !dev.output.includes('Reloaded function places-list-create'); waited += 200) {
      if (waited > 30_000) throw new Error(`netlify dev did not reload places:\n${dev.output.slice(-2000)}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    for (let waited = 0; files().some((count) => count > 1) && waited < 5_000; waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(files()).toEqual([1]);

    const places = await fetch(`${dev.url}/api/places`);
    expect(places.status, `${await places.text()}\n${dev.output.slice(-3000)}`).toBe(401);
  }, 60_000);
});
