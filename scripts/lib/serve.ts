import { type ChildProcess, spawn } from 'node:child_process';
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
      // Read to the end: an unread body leaves the connection paused, and Node's fetch (undici) then
      // fails an assertion when the server closes it idle, ending this process (seen once pages grew
      // past its buffer with their stylesheet inline).
      await response.arrayBuffer();
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}
