import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { publicPaths } from '../src/data/navigation';
import { CHROMIUM_ARGS, findChromium } from './lib/chromium';
import { QUIET_ENV } from './lib/quiet-env';

/**
 * `npm run lighthouse`: serves dist/ on a loopback port, builds the site for production into it
 * (skip with --no-build), and audits every public page with Lighthouse's default mobile settings
 * (simulated throttling, as the stock CLI) in Debian's Chromium, one fresh browser a page as the CLI
 * runs. Files are served as a CDN serves them: brotli-compressed once, then from memory. (Compressing
 * each answer on the fly at brotli's best quality took 40-110 ms a page and about a second for the
 * React chunk; Lighthouse takes the measured server time as the server's latency and adds it to every
 * simulated request, which made this run disagree with a stock run against a CDN-like server.)
 * Prints the four category scores, CLS and LCP per page; exits 1 when any score is below 100, CLS
 * above 0 or LCP above 1.0 s.
 */
const DIST = resolve('dist');
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.json': 'application/json',
  '.png': 'image/png',
  '.webp': 'image/webp',
};

function resolveFile(pathname: string): { file: string; status: number } {
  const clean = normalize(decodeURIComponent(pathname)).replace(/^(\.\.[/\\])+/, '');
  for (const candidate of [join(DIST, clean), join(DIST, clean, 'index.html'), join(DIST, `${clean}.html`)]) {
    if (candidate.startsWith(DIST) && existsSync(candidate) && statSync(candidate).isFile())
      return { file: candidate, status: 200 };
  }
  return { file: join(DIST, '404.html'), status: 404 };
}

const LCP_TARGET_MS = 1000;
const compressible = (type: string) => /text|xml|svg|json/.test(type);

/** Brotli bodies by file, made once (`precompress` fills it before the audits, as a CDN's cache is warm). */
const compressed = new Map<string, Buffer>();
const brotliOf = (file: string) => {
  const cached = compressed.get(file);
  if (cached) return cached;
  const body = brotliCompressSync(readFileSync(file));
  compressed.set(file, body);
  return body;
};

function precompress(dir = DIST): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) precompress(path);
    else if (compressible(TYPES[extname(path)] ?? '')) brotliOf(path);
  }
}

function serveDist(): Promise<{ server: Server; origin: string }> {
  const server = createServer((request, response) => {
    const { file, status } = resolveFile(new URL(request.url ?? '/', 'http://localhost').pathname);
    const type = TYPES[extname(file)] ?? 'application/octet-stream';
    let body: Buffer;
    const headers: Record<string, string> = {
      'Content-Type': type,
      // Hashed assets are immutable; pages revalidate (Netlify's defaults).
      'Cache-Control': file.includes(`${DIST}/_astro/`)
        ? 'public, max-age=31536000, immutable'
        : 'public, max-age=0, must-revalidate',
    };
    if (compressible(type) && /\bbr\b/.test(String(request.headers['accept-encoding']))) {
      body = brotliOf(file);
      headers['Content-Encoding'] = 'br';
    } else body = readFileSync(file);
    response.writeHead(status, headers).end(body);
  });
  return new Promise((resolvePromise) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      resolvePromise({ server, origin: `http://127.0.0.1:${port}` });
    }),
  );
}

const { server, origin } = await serveDist();
// Built for the address it is served on, so canonical and Open Graph URLs point at this server.
if (!process.argv.includes('--no-build')) {
  const env = { ...process.env, ...QUIET_ENV, SITE_URL: origin };
  const build = spawnSync('npx', ['astro', 'build'], { stdio: 'inherit', env });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
if (!existsSync(join(DIST, 'index.html'))) {
  console.error('No build in dist/.');
  process.exit(1);
}
precompress();
const rows: Record<string, string | number>[] = [];
let perfect = true;
try {
  for (const path of publicPaths) {
    const chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROME_PATH ?? findChromium(),
      chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
    });
    const result = await lighthouse(`${origin}${path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
    }).finally(() => chrome.kill());
    if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
    const { categories, audits } = result.lhr;
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    const cls = Number(audits['cumulative-layout-shift']?.numericValue ?? NaN);
    const lcp = Number(audits['largest-contentful-paint']?.numericValue ?? NaN);
    const row = {
      page: path,
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best practices': score('best-practices'),
      seo: score('seo'),
      CLS: Number(cls.toFixed(3)),
      'LCP ms': Math.round(lcp),
      'TBT ms': Math.round(Number(audits['total-blocking-time']?.numericValue ?? NaN)),
    };
    rows.push(row);
    const scores = [row.performance, row.accessibility, row['best practices'], row.seo];
    if (scores.some((value) => value < 100) || cls > 0 || !(lcp <= LCP_TARGET_MS)) {
      perfect = false;
      const failing = Object.values(audits)
        .filter(
          (audit) =>
            audit.score !== null &&
            audit.score < 1 &&
            audit.scoreDisplayMode !== 'informative' &&
            audit.scoreDisplayMode !== 'notApplicable' &&
            audit.scoreDisplayMode !== 'manual',
        )
        .map((audit) => `${audit.id} (${audit.displayValue ?? audit.score})`);
      console.log(`${path}: LCP ${Math.round(lcp)} ms (target ${LCP_TARGET_MS}); below 100 on: ${failing.join(', ')}`);
    }
  }
} finally {
  server.close();
}
console.table(rows);
process.exit(perfect ? 0 : 1);
