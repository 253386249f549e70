import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { publicPaths } from '../src/data/navigation';
import { compressedSizes, staticImports } from './lib/js-assets';

/**
 * JavaScript each public page of the production build (`dist/`) ships, compressed: what loads at
 * once (inline and module scripts, client:load/idle islands, the React renderer and their static
 * imports) and what waits until an island scrolls into view (client:visible).
 */
export interface PageWeight {
  page: string;
  initialFiles: number;
  initialGzip: number;
  initialBrotli: number;
  onVisibleGzip: number;
  onVisibleBrotli: number;
}

function withImports(assets: string, roots: Iterable<string>, skip = new Set<string>()): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || skip.has(file) || !existsSync(join(assets, file))) return;
    seen.add(file);
    for (const imported of staticImports(readFileSync(join(assets, file), 'utf8'))) visit(imported);
  };
  for (const root of roots) visit(root);
  return seen;
}

function pageWeight(dist: string, page: string, file: string): PageWeight {
  const html = readFileSync(file, 'utf8');
  const assets = join(dist, '_astro');
  const initialRoots = new Set<string>();
  const visibleRoots = new Set<string>();
  for (const [, src] of html.matchAll(/<script[^>]*\bsrc="\/_astro\/([^"]+\.js)"/g)) initialRoots.add(src!);
  for (const [tag] of html.matchAll(/<astro-island\b[^>]*>/g)) {
    const roots = /\bclient="visible"/.test(tag!) ? visibleRoots : initialRoots;
    for (const [, url] of tag!.matchAll(/(?:component|renderer)-url="\/_astro\/([^"]+\.js)"/g)) roots.add(url!);
  }
  const initial = withImports(assets, initialRoots);
  const onVisible = withImports(assets, visibleRoots, initial);

  const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)]
    .map(([, body]) => body!)
    .join('\n');
  const initialBytes = Buffer.concat([
    Buffer.from(inline),
    ...[...initial].map((name) => readFileSync(join(assets, name))),
  ]);
  const visibleBytes = Buffer.concat([...onVisible].map((name) => readFileSync(join(assets, name))));
  const first = compressedSizes(initialBytes);
  const later = visibleBytes.length ? compressedSizes(visibleBytes) : { gzip: 0, brotli: 0 };
  return {
    page,
    initialFiles: initial.size,
    initialGzip: first.gzip,
    initialBrotli: first.brotli,
    onVisibleGzip: later.gzip,
    onVisibleBrotli: later.brotli,
  };
}

/** The path of each built page (`/about`, `/404`), from its HTML file under `dist`. */
function builtPages(dist: string): string[] {
  return readdirSync(dist, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.html'))
    .map((file) => `/${file.replace(/(^|\/)index\.html$/, '').replace(/\.html$/, '')}`);
}

const fileOf = (dist: string, page: string) =>
  page === '/404' ? join(dist, '404.html') : join(dist, page, 'index.html');

/**
 * Every page of the site but the admin app (its shell and screens are measured apart): the navigation's
 * pages first, then the others (the 404, the sign-in, the alert links, the thank-you page...). Null when
 * there is no build.
 */
export function measurePageWeights(dist = resolve('dist')): PageWeight[] | null {
  if (!existsSync(join(dist, 'index.html'))) return null;
  const others = builtPages(dist)
    .filter((page) => page !== '/admin' && !publicPaths.includes(page))
    .sort();
  return [...publicPaths, ...others]
    .filter((page) => existsSync(fileOf(dist, page)))
    .map((page) => pageWeight(dist, page, fileOf(dist, page)));
}

export function printPageWeights(rows: PageWeight[]): void {
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  console.table(
    rows.map((row) => ({
      page: row.page,
      'files at load': row.initialFiles,
      'at load gzip KB': kb(row.initialGzip),
      'at load brotli KB': kb(row.initialBrotli),
      'when visible gzip KB': kb(row.onVisibleGzip),
      'when visible brotli KB': kb(row.onVisibleBrotli),
    })),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = measurePageWeights();
  if (rows) printPageWeights(rows);
  else console.log('no build in dist/: run `npm run build` first');
}
