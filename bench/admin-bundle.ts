import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { compressedSizes, staticImports } from './lib/js-assets';

/**
 * The admin app's JavaScript in the production build (`dist/`): what the shell page loads before
 * any screen (its island, the React renderer and everything they import statically), and the
 * lazy chunks (screens, the chart) it can load later. Sizes raw, gzip and brotli, in bytes.
 */
export interface BundleReport {
  part: string;
  files: number;
  raw: number;
  gzip: number;
  brotli: number;
}

const DYNAMIC_IMPORT = /import\(\s*["'](\.{1,2}\/[^"']+\.js)["']\s*\)/g;
// Vite's preload helper lists lazy chunks as plain strings ("_astro/X.js") in a dependency map.
const PRELOAD_DEP = /["'](?:\/)?_astro\/([^"']+\.js)["']/g;

function entryScripts(html: string): string[] {
  return [...html.matchAll(/(?:component|renderer)-url="\/_astro\/([^"]+\.js)"/g)].map((match) => match[1]!);
}

function walk(dir: string, roots: string[]): { eager: Set<string>; lazy: Set<string> } {
  const eager = new Set<string>();
  const lazy = new Set<string>();
  const visit = (file: string, isLazy: boolean) => {
    if (eager.has(file) || (isLazy && lazy.has(file))) return;
    if (!existsSync(join(dir, file))) return;
    (isLazy ? lazy : eager).add(file);
    if (!isLazy) lazy.delete(file);
    const source = readFileSync(join(dir, file), 'utf8');
    for (const imported of staticImports(source)) visit(imported, isLazy);
    for (const match of source.matchAll(DYNAMIC_IMPORT)) visit(match[1]!.replace(/^\.\//, ''), true);
    for (const match of source.matchAll(PRELOAD_DEP)) visit(match[1]!, true);
  };
  for (const root of roots) visit(root, false);
  for (const file of eager) lazy.delete(file);
  return { eager, lazy };
}

function sizes(part: string, dir: string, files: Iterable<string>): BundleReport {
  const list = [...files];
  const report = { part, files: list.length, raw: 0, gzip: 0, brotli: 0 };
  for (const file of list) {
    const content = readFileSync(join(dir, file));
    const { gzip, brotli } = compressedSizes(content);
    report.raw += content.length;
    report.gzip += gzip;
    report.brotli += brotli;
  }
  return report;
}

export function measureAdminBundle(dist = resolve('dist')): BundleReport[] | null {
  const shell = join(dist, 'admin', 'index.html');
  if (!existsSync(shell)) return null;
  const assets = join(dist, '_astro');
  const { eager, lazy } = walk(assets, entryScripts(readFileSync(shell, 'utf8')));
  const login = join(dist, 'admin-login', 'index.html');
  const loginFiles = existsSync(login)
    ? walk(assets, entryScripts(readFileSync(login, 'utf8'))).eager
    : new Set<string>();
  return [
    sizes('admin shell (loaded first)', assets, eager),
    sizes('admin lazy chunks (screens, chart)', assets, lazy),
    sizes('admin total', assets, [...eager, ...lazy]),
    sizes('login page island', assets, loginFiles),
  ];
}

export function printBundle(rows: BundleReport[]): void {
  console.table(
    rows.map((row) => ({
      part: row.part,
      files: row.files,
      'raw KB': (row.raw / 1024).toFixed(1),
      'gzip KB': (row.gzip / 1024).toFixed(1),
      'brotli KB': (row.brotli / 1024).toFixed(1),
    })),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = measureAdminBundle();
  if (rows) printBundle(rows);
  else console.log('No build in dist/: run `npm run build` first.');
}
