import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { findChromium, wantsWindow } from './lib/chromium';
import { freePorts } from './lib/ports';
import { QUIET_ENV } from './lib/quiet-env';

/**
 * Runs Playwright against a freshly seeded local product; extra arguments go to Playwright. The product is served
 * on a free port (E2E_PORT if set), so the tests run while `npm start` or another run is serving.
 */
export async function runE2e(args: string[], extraEnv: Record<string, string> = {}): Promise<number> {
  let chromium: string;
  try {
    chromium = findChromium({ install: true, headless: !wantsWindow(args) });
  } catch (error) {
    console.error((error as Error).message);
    return 1;
  }
  const [freePort, freeSmtpPort] = await freePorts(2);
  const port = process.env.E2E_PORT || String(freePort);
  // The mail tests listen for the product's emails on this port (playwright.config.ts points SMTP_URL at it).
  const smtpPort = process.env.E2E_SMTP_PORT || String(freeSmtpPort);
  const database = resolve('.data/e2e.db');
  // The database and the lookups' rate-limit counts kept beside it (netlify/lib/rate-limit.ts).
  for (const suffix of ['', '-wal', '-shm', '.limits']) rmSync(database + suffix, { force: true, recursive: true });
  const result = spawnSync('npx', ['playwright', 'test', ...args], {
    stdio: 'inherit',
    env: {
      ...process.env,
      ...QUIET_ENV,
      ...extraEnv,
      CHROMIUM_PATH: chromium,
      E2E_DATABASE_URL: `file:${database}`,
      E2E_PORT: port,
      E2E_SMTP_PORT: smtpPort,
    },
  });
  return result.status ?? 1;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exit(await runE2e(process.argv.slice(2)));
