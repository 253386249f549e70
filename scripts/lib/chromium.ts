import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const SYSTEM_CHROMIUM = '/usr/bin/chromium';

/** Launch flags for Debian's Chromium on a machine without network or GPU. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * Finds a Chromium binary: CHROMIUM_PATH, else Debian's /usr/bin/chromium, else (as root, with apt)
 * installs Debian's package. Playwright never downloads a browser here.
 */
export function findChromium({ install = false } = {}): string {
  const configured = process.env.CHROMIUM_PATH;
  if (configured) {
    if (existsSync(configured)) return configured;
    throw new Error(`CHROMIUM_PATH points to ${configured}, which does not exist.`);
  }
  if (existsSync(SYSTEM_CHROMIUM)) return SYSTEM_CHROMIUM;
  const canInstall = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
  if (install && canInstall) {
    console.log('Installing Chromium from Debian (apt-get install -y chromium)...');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    execFileSync('apt-get', ['update'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], { stdio: 'inherit', env });
    if (existsSync(SYSTEM_CHROMIUM)) return SYSTEM_CHROMIUM;
  }
  throw new Error(
    'No Chromium found for the browser tests. Install it with `sudo apt-get install -y chromium`, ' +
      'or set CHROMIUM_PATH to a Chromium or Chrome binary.',
  );
}
