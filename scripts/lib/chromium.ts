import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const SYSTEM_CHROMIUM = '/usr/bin/chromium';
/**
 * Debian's build of Chromium's headless shell: the same engine without the browser's windowing layer. The browser
 * tests spend about 40% less CPU in it than in the full browser's headless mode (measured on this project's suite),
 * which is why Playwright itself runs headless tests in a headless shell.
 */
const SYSTEM_HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

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
 * Finds a Chromium binary: CHROMIUM_PATH, else Debian's headless shell (`headless`, for tests without a window),
 * else Debian's /usr/bin/chromium, else (as root, with apt) installs the Debian package that was asked for.
 * Playwright never downloads a browser here.
 */
export function findChromium({ install = false, headless = false } = {}): string {
  const configured = process.env.CHROMIUM_PATH;
  if (configured) {
    if (existsSync(configured)) return configured;
    throw new Error(`CHROMIUM_PATH points to ${configured}, which does not exist.`);
  }
  const found = (headless ? [SYSTEM_HEADLESS_SHELL, SYSTEM_CHROMIUM] : [SYSTEM_CHROMIUM]).find((path) =>
    existsSync(path),
  );
  if (found) return found;
  const canInstall = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
  if (install && canInstall) {
    const [binary, pkg] = headless ? [SYSTEM_HEADLESS_SHELL, 'chromium-headless-shell'] : [SYSTEM_CHROMIUM, 'chromium'];
    console.log(`Installing Chromium from Debian (apt-get install -y ${pkg})...`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    execFileSync('apt-get', ['update'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', '--no-install-recommends', pkg], { stdio: 'inherit', env });
    if (existsSync(binary)) return binary;
  }
  throw new Error(
    'No Chromium found for the browser tests. Install it with `sudo apt-get install -y chromium-headless-shell` ' +
      '(or `chromium`), or set CHROMIUM_PATH to a Chromium or Chrome binary.',
  );
}

/** Whether Playwright's arguments ask for a browser window (`--headed`, `--debug`, `--ui`): the shell has none. */
export const wantsWindow = (args: readonly string[]): boolean =>
  args.some((arg) => ['--headed', '--debug', '--ui'].includes(arg)) || Boolean(process.env.PWDEBUG);
