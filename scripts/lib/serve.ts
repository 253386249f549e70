import { spawn } from 'node:child_process';
import { QUIET_ENV } from './quiet-env';

/**
 * Serves the site and the functions through netlify-cli, offline: `serve` builds for production
 * first, `dev` runs astro dev with reloading. The child stays in our process group, so Ctrl-C or a
 * test runner stopping the group stops it too.
 */
export function serveProduct(mode: 'serve' | 'dev', port: number, env: Record<string, string>) {
  const child = spawn(
    'npx',
    ['netlify', mode, '--offline', '--internal-disable-edge-functions', '--port', String(port)],
    { stdio: 'inherit', env: { ...process.env, ...QUIET_ENV, ...env } },
  );
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => child.kill(signal));
  }
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
  return child;
}
