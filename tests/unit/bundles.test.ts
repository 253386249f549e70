import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inlineScripts, pageChunks } from '../../bench/lib/js-assets';
import { measurePageWeights } from '../../bench/page-weight';
import { QUIET_ENV } from '../../scripts/lib/quiet-env';
import { acquireStartupLock } from '../../scripts/lib/startup-lock';
import { company } from '../../src/data/company';
import { gluedWords, readingRuns } from '../helpers/page-text';

// The production build, made here into a directory of its own: never a stale dist/, and the
// served copies other tests run from are left alone.
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'courier-bundles-'));
  // Astro's caches in this checkout are shared with the copies other test files start: one build at a time.
  const release = await acquireStartupLock();
  // Without vitest's NODE_ENV=test, as `npm run build` runs: React's production build, the one served.
  const { NODE_ENV: _, ...env } = process.env;
  const build = spawnSync('npx', ['astro', 'build', '--outDir', dist], {
    encoding: 'utf8',
    env: { ...env, ...QUIET_ENV },
  });
  release();
  if (build.status !== 0) throw new Error(`astro build failed:\n${build.stdout}\n${build.stderr}`);
}, 480_000);

afterAll(() => rmSync(dist, { recursive: true, force: true }));

// Strings that survive minification in every build of zod 4: its class names and issue codes.
const ZOD = /\$Zod(?:Type|Error|Object|Check)\b|"invalid_type"|`invalid_type`/;

/** The JavaScript a page runs at once (its chunks and inline scripts), and what it may load later. */
function javascript(page: string): { atOnce: string; later: string } {
  const html = join(dist, page, 'index.html');
  const { eager, lazy } = pageChunks(dist, html);
  const read = (files: Set<string>) => [...files].map((file) => readFileSync(join(dist, '_astro', file), 'utf8'));
  return {
    atOnce: [...inlineScripts(readFileSync(html, 'utf8')), ...read(eager)].join('\n'),
    later: read(lazy).join('\n'),
  };
}

describe('the built JavaScript (a light sign-in page and admin shell)', () => {
  it('finds zod where the admin screens use it, so the checks below can fail', () => {
    expect(javascript('admin').later).toMatch(ZOD);
  });

  it('loads no zod on the sign-in page: it checks its fields with its own few lines', () => {
    const { atOnce, later } = javascript('admin-login');
    expect(atOnce).toContain('Email is required');
    expect(atOnce).not.toMatch(ZOD);
    // Not even later: the toast library is all it fetches on demand.
    expect(later).not.toMatch(ZOD);
  });

  it('loads no zod on the quote accept page: it reads the answers by hand', () => {
    const { atOnce, later } = javascript('quote-accept');
    expect(atOnce).toContain('Accept and book');
    expect(atOnce).not.toMatch(ZOD);
    expect(later).not.toMatch(ZOD);
  });

  it('loads no zod in the admin shell before the first screen', () => {
    const { atOnce } = javascript('admin');
    expect(atOnce).toContain('Checking your session...');
    expect(atOnce).not.toMatch(ZOD);
  });
});

describe('the public pages (light: at most 80 KB gzip of JavaScript each)', () => {
  it('loads at most 80 KB gzip on every page but the admin app, islands shown on scroll included', () => {
    const rows = measurePageWeights(dist) ?? [];
    // Every kind of page is measured: the navigation's, the 404, the sign-in, the alert links, the thank-you page.
    expect(rows.map((row) => row.page)).toEqual(
      expect.arrayContaining(['/', '/track', '/404', '/admin-login', '/alerts/unsubscribe', '/quote-sent', '/pickup']),
    );
    expect(rows.map((row) => row.page)).not.toContain('/admin');
    const over = rows
      .filter((row) => row.initialGzip + row.onVisibleGzip > 80 * 1024)
      .map((row) => `${row.page}: ${((row.initialGzip + row.onVisibleGzip) / 1024).toFixed(1)} KB`);
    expect(over).toEqual([]);
    // Each page's scripts are compressed twice (gzip and brotli at its best), on a shared machine.
  }, 180_000);

  it('loads no zod on the home page until its quote form is used', () => {
    const { atOnce, later } = javascript('');
    expect(atOnce).toContain('Request a Quote');
    expect(atOnce).not.toMatch(ZOD);
    // The form's own checks are fetched on its first use: they are there, and they hold zod.
    expect(later).toMatch(ZOD);
    expect(later).toContain('Please enter your name');
  });

  it('loads no zod on the pickup page until its form is used, and none on the pickup link page', () => {
    const form = javascript('pickup');
    expect(form.atOnce).toContain('Book the pickup');
    expect(form.atOnce).not.toMatch(ZOD);
    expect(form.later).toMatch(ZOD);
    expect(form.later).toContain('Please choose a time window');
    const link = javascript('pickup-manage');
    expect(link.atOnce).toContain('Move the pickup');
    expect(`${link.atOnce}${link.later}`).not.toMatch(ZOD);
  });
});

describe('the built pages as a reader hears them', () => {
  const knownEmails = Object.values(company.emails);
  const pages = () => readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.html'));

  it('reads every page, and its checks find words run together when there are some', () => {
    expect(pages()).toEqual(expect.arrayContaining(['index.html', 'about/index.html', 'privacy/index.html']));
    const glued = (html: string) => readingRuns(html).flatMap((run) => gluedWords(run, { knownEmails }));
    expect(glued('<p>to the doorstep.Our <a href="/x">network</a><span>reaches</span> 40+,42+</p>')).toHaveLength(3);
    expect(glued(`<p>Call us or<a href="/contact">contact us</a>, write to${knownEmails[0]}</p>`)).toHaveLength(2);
    expect(glued('<p>OpenAPI and JavaScript, fine; clientsServed is not.</p>')).toHaveLength(1);
    const apart = `<div class="flex"><a>Track</a><a>Contact</a></div><ul><li>Home</li><li>About</li></ul>
      <p>data.<wbr>id <code>{4,9}</code>. Write to <a>${knownEmails[0]}</a>.</p>`;
    expect(glued(apart)).toEqual([]);
  });

  it('runs no two words together, within a text or across elements', () => {
    const glued = pages().flatMap((page) =>
      readingRuns(readFileSync(join(dist, page), 'utf8'))
        .flatMap((run) => gluedWords(run, { knownEmails, identifiers: page.startsWith('api-docs') }))
        .map((place) => `${page}: ${place}`),
    );
    expect(glued).toEqual([]);
  });

  it('promises only what the site does: no live chat, nothing loaded from elsewhere, the address masked', () => {
    const html = pages().map((page) => readFileSync(join(dist, page), 'utf8'));
    expect(html.join('\n')).not.toMatch(/live chat/i);
    for (const page of html) {
      expect(page).not.toMatch(/<(?:script|img|iframe|source|video|audio)\b[^>]*\ssrc="(?:https?:)?\/\//);
      // Canonical and alternate links name this site's address; only what the browser fetches counts.
      expect(page).not.toMatch(
        /<link\b(?=[^>]*\srel="(?:stylesheet|preload|modulepreload|icon|preconnect)")[^>]*\shref="(?:https?:)?\/\//,
      );
    }
    const privacy = readingRuns(readFileSync(join(dist, 'privacy/index.html'), 'utf8'))
      .map((run) => run.text.replace(/\s+/g, ' '))
      .join('\n');
    expect(privacy).toContain("the recipient's city and country");
    expect(privacy).toContain('drawn on this site');
    expect(privacy).not.toMatch(/served by OpenStreetMap/);
  });

  it('writes weights in kg, with pounds only in brackets after them', () => {
    const text = pages()
      .flatMap((page) => readingRuns(readFileSync(join(dist, page), 'utf8')).map((run) => run.text))
      .join('\n');
    expect(text).toMatch(/Up to 30 kg \(66 lbs\)/);
    const pounds = [...text.matchAll(/.{0,12}\b\d[\d,.]*\s*(?:lbs?|pounds?)\b\)?/g)].map(([found]) => found);
    expect(pounds.filter((found) => !/\d kg \(\d[\d,.]* lbs\)$/.test(found))).toEqual([]);
  });
});
