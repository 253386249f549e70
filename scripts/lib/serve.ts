import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, linkSync, readdirSync, readFileSync, renameSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { freePorts } from './ports';
import { QUIET_ENV } from './quiet-env';

/**
 * Serves the site and the functions through netlify-cli on `port`, offline: `serve` builds for production
 * first, `dev` runs astro dev with reloading. Every helper server gets a free port, so copies run side by side.
 * The child stays in our process group, so Ctrl-C or a test runner stopping the group stops it too.
 */
export async function serveProduct(
  mode: 'serve' | 'dev',
  port: number,
  env: Record<string, string>,
): Promise<ChildProcess> {
  const [helperPort, functionsPort] = await freePorts(2);
  // `serve` puts dist/ behind a static server; `dev` proxies astro dev instead, told its port twice
  // (netlify-cli waits on --target-port, astro listens on --port). --ignore-lock: astro dev otherwise
  // refuses to start while another copy's astro dev runs in this folder.
  const helperArgs =
    mode === 'serve'
      ? ['--staticServerPort', String(helperPort)]
      : ['--target-port', String(helperPort), '--command', `npm run astro:dev -- --port ${helperPort} --ignore-lock`];
  const child = spawn(
    'npx',
    [
      'netlify',
      mode,
      '--offline',
      '--internal-disable-edge-functions',
      '--port',
      String(port),
      '--functions-port',
      String(functionsPort),
      ...helperArgs,
    ],
    { stdio: 'inherit', env: { ...process.env, ...QUIET_ENV, ...env } },
  );
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => child.kill(signal));
  }
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
  return child;
}

/** Resolves once `url` answers HTTP at all (any status): the build is over and the proxy listens. */
export async function untilAnswering(url: string): Promise<void> {
  for (;;) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(5000) });
      // Read to the end: undici asserts (and the process dies) when a socket ends under an unread body.
      await response.arrayBuffer();
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

const FUNCTIONS_BUILD = '.netlify/functions/manifest.json';
const UNZIPPED = '.netlify/functions-serve/.unzipped';

/**
 * `netlify serve` runs every function in a worker thread of one process, each from its own unzipped
 * copy of the native libSQL library. Two copies of SQLite in one process do not see each other's file
 * locks (POSIX locks belong to the process), so two functions writing a file database at once could
 * corrupt it. Hard-linking the copies to one file makes the process load the library once (the loader
 * knows a file by its inode), and SQLite then orders every worker's reads and writes. Runs once the
 * server answers, before anything calls a function; returns how many copies were linked.
 */
export async function shareNativeLibraries(root = process.cwd()): Promise<number> {
  const manifest = JSON.parse(readFileSync(join(root, FUNCTIONS_BUILD), 'utf8')) as { functions: { name: string }[] };
  const folders = manifest.functions.map(({ name }) => join(root, UNZIPPED, name));
  // netlify-cli unzips every function when it registers them, at start-up; wait for the last.
  for (let waited = 0; !folders.every((folder) => existsSync(folder)); waited += 100) {
    if (waited > 60_000) throw new Error(`netlify serve did not unzip every function into ${UNZIPPED}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const first = new Map<string, string>();
  let linked = 0;
  for (const folder of folders) {
    for (const file of nativeLibraries(folder)) {
      const key = relative(folder, file);
      const shared = first.get(key);
      if (!shared) {
        first.set(key, file);
      } else if (statSync(shared).ino !== statSync(file).ino) {
        // Link beside, then rename over: a reader never finds the file missing.
        const link = `${file}.${process.pid}.link`;
        linkSync(shared, link);
        renameSync(link, file);
        linked++;
      }
    }
  }
  return linked;
}

function nativeLibraries(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.node'))
    .map((entry) => join(entry.parentPath, entry.name));
}
