import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { compressedSizes, inlineScripts, pageChunks } from './lib/js-assets';

/** What the sign-in page and the admin shell may each load at once, gzip. */
export const BUNDLE_TARGET_KB = 75;

/**
 * The JavaScript of the sign-in page and the admin app in the production build (`dist/`): what each
 * page loads at once (its module scripts and islands, the React renderer and everything they import
 * statically; for the admin, the shell before any screen), the lazy chunks the admin can load later
 * (screens, the chart) with the largest of them, and the island loader Astro writes inline into
 * every page with an island. Sizes raw, gzip and brotli in bytes, each file compressed on its own
 * as it is served.
 */
export interface BundleReport {
  part: string;
  files: number;
  raw: number;
  gzip: number;
  brotli: number;
  /** Set for the parts with a size target. */
  targetKb?: number;
}

function sizes(part: string, dir: string, files: Iterable<string>, targetKb?: number): BundleReport {
  const list = [...files];
  const report: BundleReport = { part, files: list.length, raw: 0, gzip: 0, brotli: 0 };
  for (const file of list) {
    const content = readFileSync(join(dir, file));
    const { gzip, brotli } = compressedSizes(content);
    report.raw += content.length;
    report.gzip += gzip;
    report.brotli += brotli;
  }
  return targetKb === undefined ? report : { ...report, targetKb };
}

export function measureAdminBundle(dist = resolve('dist')): BundleReport[] | null {
  const shell = join(dist, 'admin', 'index.html');
  const signIn = join(dist, 'admin-login', 'index.html');
  if (!existsSync(shell) || !existsSync(signIn)) return null;
  const assets = join(dist, '_astro');
  const admin = pageChunks(dist, shell);
  const largest = [...admin.lazy]
    .map((file) => sizes(`  lazy: ${file}`, assets, [file]))
    .sort((a, b) => b.gzip - a.gzip)
    .slice(0, 5);
  const loader = Buffer.from(inlineScripts(readFileSync(signIn, 'utf8')).join('\n'));
  const { gzip, brotli } = compressedSizes(loader);
  return [
    sizes('sign-in page (all it loads at once)', assets, pageChunks(dist, signIn).eager, BUNDLE_TARGET_KB),
    sizes('admin shell (before the first screen)', assets, admin.eager, BUNDLE_TARGET_KB),
    sizes('admin lazy chunks (screens, chart)', assets, admin.lazy),
    ...largest,
    sizes('admin total', assets, [...admin.eager, ...admin.lazy]),
    { part: 'inline island loader (in each page with an island)', files: 0, raw: loader.length, gzip, brotli },
  ];
}

export function printBundle(rows: BundleReport[]): void {
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  console.table(
    rows.map((row) => ({
      part: row.part,
      files: row.files,
      'raw KB': kb(row.raw),
      'gzip KB': kb(row.gzip),
      'brotli KB': kb(row.brotli),
      target:
        row.targetKb === undefined
          ? ''
          : `<= ${row.targetKb} KB gzip: ${row.gzip <= row.targetKb * 1024 ? 'holds' : 'MISSED'}`,
    })),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = measureAdminBundle();
  if (rows) printBundle(rows);
  else console.log('No build in dist/: run `npm run build` first.');
}
