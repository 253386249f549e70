import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

const LOCK = resolve('.data/startup.lock');

/** The pid holding the lock (0 while the holder is still writing it), or undefined when nobody holds it. */
function holder(): number | undefined {
  try {
    const text = readFileSync(LOCK, 'utf8');
    if (!text) return 0;
    process.kill(Number(text), 0);
    return Number(text);
  } catch {
    // No lock file, or its process is gone: a copy that crashed leaves no lasting lock.
    return undefined;
  }
}

/**
 * Waits until no other copy of the site is starting in this checkout, then holds the lock until `release`.
 * Each copy builds into a folder of its own, but every build of this checkout shares Astro's caches (.astro/,
 * node_modules/.astro), which two builds at once would write over each other.
 */
export async function acquireStartupLock(): Promise<() => void> {
  mkdirSync(dirname(LOCK), { recursive: true });
  let waiting = false;
  for (;;) {
    try {
      writeFileSync(LOCK, String(process.pid), { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const pid = holder();
    if (pid === undefined) {
      rmSync(LOCK, { force: true });
      continue;
    }
    if (!waiting) console.log(`Waiting for another copy (pid ${pid}) to finish building...`);
    waiting = true;
    await new Promise((resolvePromise) => setTimeout(resolvePromise, 500));
  }
  const release = () => {
    if (holder() === process.pid) rmSync(LOCK, { force: true });
  };
  process.on('exit', release);
  return release;
}
