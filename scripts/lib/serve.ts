import { type ChildProcess, spawn } from 'node:child_process';
import {
  existsSync,
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { freePorts, portIsFree } from './ports';
import { QUIET_ENV } from './quiet-env';

/**
 * The folder of the copy `npm start` serves on `port`: netlify serve runs there (`--cwd`), so the copy has
 * its own netlify.toml (pointing back at this checkout), its own .netlify/ (the bundled functions, unzipped
 * and loaded from there) and its own pages (`dist/`, which name the copy's address in canonical links and
 * the sitemap). Another copy starting or building never touches what a running copy serves.
 */
export function copyDir(port: number, root = process.cwd()): string {
  return join(copiesDir(root), String(port));
}

const copiesDir = (root: string) => resolve(root, '.data', 'sites');

/** Where the copy served on `port` has its built pages. */
export function siteDir(port: number, root = process.cwd()): string {
  return join(copyDir(port, root), 'dist');
}

/**
 * The checkout's netlify.toml for a copy: the same settings, read from the copy's folder, so its pages
 * (`publish`) are built there and its functions are read from this checkout by a relative path (netlify-cli
 * takes a configuration's paths relative to its folder and drops a leading slash). The functions leave out
 * the native SQLite library (see `nativePackages`).
 */
function copyConfig(port: number, root: string): string {
  const config = readFileSync(join(root, 'netlify.toml'), 'utf8');
  const functions = /^(\s*directory\s*=\s*)"([^"]*)"/m;
  const directory = functions.exec(config)?.[2];
  if (directory === undefined) throw new Error('netlify.toml has no functions directory = "..." line');
  if (/^\s*included_files\s*=/m.test(config)) throw new Error('netlify.toml sets included_files: merge it here');
  const folder = copyDir(port, root);
  const left = nativePackages(root).map((pkg) => `!${relative(folder, pkg)}/**`);
  return config.replace(
    functions,
    (_, key) =>
      `${key}${JSON.stringify(relative(folder, join(root, directory)))}\n  included_files = ${JSON.stringify(left)}`,
  );
}

/**
 * The packages of the native libSQL library. netlify serve runs every function in a worker thread of one
 * process; bundled, each function would load its own copy of the library (10 MB each, zipped and unzipped
 * at every start), and two copies of SQLite in one process do not see each other's file locks (POSIX locks
 * belong to the process), so two functions writing a file database at once could corrupt it. Left out of
 * the bundles, every function finds the checkout's one library up the folders (the copy lives inside the
 * checkout), and SQLite orders every worker's reads and writes. Netlify itself bundles it as usual.
 */
function nativePackages(root: string): string[] {
  const scope = join(root, 'node_modules', '@libsql');
  if (!existsSync(scope)) return [];
  return readdirSync(scope)
    .map((name) => join(scope, name))
    .filter((pkg) => readdirSync(pkg).some((file) => file.endsWith('.node')));
}

/**
 * Removes the folders of copies that no longer run (nothing listens on their port), so that copies on ever
 * new ports (the browser tests take a free one) leave nothing behind. Called under the startup lock: a copy
 * still building holds it, and a copy that has built listens.
 */
export async function pruneCopies(root = process.cwd()): Promise<void> {
  const copies = copiesDir(root);
  if (!existsSync(copies)) return;
  for (const name of readdirSync(copies)) {
    if (!/^\d+$/.test(name) || (await portIsFree(Number(name))))
      rmSync(join(copies, name), { recursive: true, force: true });
  }
}

/**
 * netlify-cli runs every function call in a fresh worker thread, which compiles the function's bundle and zod
 * again each time: with V8's compiled code kept on disk (checked against each file's contents), a call costs
 * about a fifth less CPU, which the browser tests spend mostly on such calls. Worker threads inherit it. It is
 * kept by file path, so a copy keeps its own, removed with it.
 */
const compileCache = (folder: string) => ({ NODE_COMPILE_CACHE: join(folder, 'compile-cache') });

/**
 * Serves the site and the functions through netlify-cli on `port`, offline: `serve` builds for production
 * first, in the copy's own folder (`copyDir`); `dev` runs astro dev with reloading in the checkout. Every
 * helper server gets a free port, so copies run side by side. The child stays in our process group, so
 * Ctrl-C or a test runner stopping the group stops it too; a signal to this process alone is passed on.
 */
export async function serveProduct(
  mode: 'serve' | 'dev',
  port: number,
  env: Record<string, string>,
): Promise<ChildProcess> {
  const [helperPort, functionsPort] = await freePorts(2);
  let modeArgs: string[];
  let modeEnv: Record<string, string> = {};
  if (mode === 'serve') {
    // netlify-cli's --dir is no help: `netlify serve` then loses the folder after its build and stops.
    const folder = copyDir(port);
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'netlify.toml'), copyConfig(port, process.cwd()));
    modeArgs = ['--cwd', folder, '--staticServerPort', String(helperPort)];
    // astro.config.mjs builds into SITE_OUT_DIR.
    modeEnv = { SITE_OUT_DIR: siteDir(port), ...compileCache(folder) };
  } else {
    // astro dev, told its port twice (netlify-cli waits on --target-port, astro listens on --port).
    // --ignore-lock: astro dev otherwise refuses to start while another copy's astro dev runs here.
    modeArgs = [
      '--target-port',
      String(helperPort),
      '--command',
      // astro itself (on the PATH npm gives scripts), so that netlify-cli stopping it stops it: through npm
      // run, a shell sat between them and astro dev outlived a stopped copy.
      `astro dev --port ${helperPort} --ignore-lock`,
    ];
    // The functions of every dev copy are built in the checkout's own .netlify/.
    modeEnv = compileCache(resolve('.data'));
  }
  // netlify-cli's own script, run by this Node: through npx, a shell sits between us and it and passes no
  // signal on, so stopping this process alone (`kill <pid>`) left the server running.
  const child = spawn(
    process.execPath,
    [
      join(process.cwd(), 'node_modules', 'netlify-cli', 'bin', 'run.js'),
      mode,
      '--offline',
      '--internal-disable-edge-functions',
      '--port',
      String(port),
      '--functions-port',
      String(functionsPort),
      ...modeArgs,
    ],
    { stdio: 'inherit', env: { ...process.env, ...QUIET_ENV, ...env, ...modeEnv } },
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

/** Where netlify serve unzips the functions of the copy in `root`, one folder each. */
export const unzippedFunctions = (root: string) => join(root, '.netlify', 'functions-serve', '.unzipped');

/**
 * `netlify dev` builds every function of the checkout with its own copy of the native libSQL library, and
 * again when it reloads a changed function (the copies' trick, `nativePackages`, needs the build settings of a
 * copy; dev builds from the checkout's own). Hard-linking the copies to one file makes the process load the
 * library once (the loader knows a file by its inode), so SQLite orders every worker's reads and writes.
 */
/** Waits until netlify-cli has written every function's folder (it does so when it registers them, at start-up). */
async function untilWritten(folders: string[], where: string): Promise<void> {
  for (let waited = 0; !folders.every((folder) => existsSync(folder)); waited += 100) {
    if (waited > 60_000) throw new Error(`netlify-cli did not write every function into ${where}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Each native library of these function folders, by its path in a function: that library's copies. */
function nativeCopies(folders: string[]): string[][] {
  const copies = new Map<string, string[]>();
  for (const folder of folders) {
    for (const file of nativeLibraries(folder)) {
      const key = relative(folder, file);
      copies.set(key, [...(copies.get(key) ?? []), file]);
    }
  }
  return [...copies.values()];
}

/**
 * Links each library's copies to the file most of them share already (so a rebuilt function joins the
 * others rather than the others moving to it); a copy still being written (a size of its own) waits for
 * a later call. Returns how many copies it left waiting.
 */
function linkCopies(libraries: string[][]): number {
  let waiting = 0;
  for (const files of libraries) {
    const copies = files.flatMap((file) => {
      const stat = statSync(file, { throwIfNoEntry: false });
      return stat ? [{ file, inode: stat.ino, size: stat.size }] : [];
    });
    const shares = [...Map.groupBy(copies, ({ inode }) => inode).values()].sort((a, b) => b.length - a.length);
    const shared = shares[0]?.[0];
    if (!shared) continue;
    for (const { file, size } of copies.filter(({ inode }) => inode !== shared.inode)) {
      if (size !== shared.size) {
        waiting++;
        continue;
      }
      // Link beside, then rename over: a reader never finds the file missing.
      const link = `${file}.${process.pid}.link`;
      linkSync(shared.file, link);
      renameSync(link, file);
    }
  }
  return waiting;
}

/** Where `netlify dev` builds the functions of the checkout in `root`, one folder each. */
export const devFunctions = (root: string) => join(root, '.netlify', 'functions-serve');

const DEV_RELINK_MS = 200;

/**
 * `netlify dev`: links the copies once the server answers, then looks again every 200 ms for as long as
 * this process runs, as netlify dev writes a function's folder anew when its code changes. (A file watch
 * missed folders written anew; a look is a stat of each copy.)
 */
export async function keepNativeLibrariesShared(root = process.cwd()): Promise<void> {
  const built = devFunctions(root);
  const folders = readdirSync(join(root, 'netlify', 'functions'))
    .filter((name) => /\.[cm]?[jt]s$/.test(name))
    .map((name) => join(built, name.replace(/\.[cm]?[jt]s$/, '')));
  await untilWritten(folders, built);
  const libraries = nativeCopies(folders);
  linkCopies(libraries);
  setInterval(() => {
    try {
      linkCopies(libraries);
    } catch (error) {
      // A folder being written anew can lose a file between a look and its link; the next look links it.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
        console.warn('Could not link the native libraries:', error);
    }
  }, DEV_RELINK_MS).unref();
}

function nativeLibraries(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.node'))
    .map((entry) => join(entry.parentPath, entry.name));
}
