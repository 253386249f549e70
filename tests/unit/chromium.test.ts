import { existsSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { findChromium, wantsWindow } from '../../scripts/lib/chromium';

afterEach(() => vi.unstubAllEnvs());

describe('the browser the tests use', () => {
  it('is CHROMIUM_PATH when it is set, and refuses one that does not exist', () => {
    vi.stubEnv('CHROMIUM_PATH', process.execPath);
    expect(findChromium({ headless: true })).toBe(process.execPath);
    vi.stubEnv('CHROMIUM_PATH', '/nowhere/chrome');
    expect(() => findChromium({ headless: true })).toThrow('CHROMIUM_PATH points to /nowhere/chrome');
  });

  it("is Debian's headless shell for windowless runs when installed, and the full browser for runs with a window", () => {
    vi.stubEnv('CHROMIUM_PATH', '');
    const shell = '/usr/bin/chromium-headless-shell';
    const full = '/usr/bin/chromium';
    const expectFound = (headless: boolean, found: string | undefined) =>
      found
        ? expect(findChromium({ headless })).toBe(found)
        : expect(() => findChromium({ headless })).toThrow('No Chromium found');
    expectFound(
      true,
      [shell, full].find((path) => existsSync(path)),
    );
    expectFound(false, existsSync(full) ? full : undefined);
  });

  it('takes a window for --headed, --debug and --ui only', () => {
    vi.stubEnv('PWDEBUG', '');
    expect(wantsWindow(['tests/e2e/smoke.spec.ts'])).toBe(false);
    for (const flag of ['--headed', '--debug', '--ui']) expect(wantsWindow(['smoke', flag])).toBe(true);
  });
});
