import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The visible text of the built pages (dist/), for checks of how the words come out: scripts, styles
 * and comments dropped, block tags (paragraphs, list items, cells) separating words, inline tags (a
 * link, emphasis) joined to their neighbours as a browser shows them, each boundary marked with
 * TAG so a word glued to a link ("or<a>contact</a>") can still be seen.
 */
export const TAG = '\u0001';

const INLINE = new Set(['a', 'abbr', 'b', 'code', 'em', 'i', 'small', 'span', 'strong', 'sub', 'sup', 'time', 'u']);
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

export function visibleText(html: string): string {
  return (
    html
      .replace(/<(script|style|template|svg)\b[\s\S]*?<\/\1>/gi, ' ')
      // Decoration hidden from assistive technology (e.g. avatar initials beside the name) is not text.
      .replace(/<(span|div|p)\b[^>]*\baria-hidden="true"[^>]*>[^<]*<\/\1>/gi, ' ')
      .replace(/<!--[\s\S]*?-->/g, ' ')
      .replace(/<\/?([a-z][\w-]*)\b[^>]*>/gi, (_, tag: string) => (INLINE.has(tag.toLowerCase()) ? TAG : ' '))
      .replace(/&(#x[\da-f]+|#\d+|\w+);/gi, (entity, code: string) => {
        if (code.startsWith('#x')) return String.fromCodePoint(Number.parseInt(code.slice(2), 16));
        if (code.startsWith('#')) return String.fromCodePoint(Number(code.slice(1)));
        return ENTITIES[code] ?? entity;
      })
      .replace(/\s+/g, ' ')
  );
}

/** Every built HTML page under `dist`, by its path there. */
export function builtPages(dist: string): Array<{ page: string; html: string }> {
  const pages: Array<{ page: string; html: string }> = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.html'))
        pages.push({ page: path.slice(dist.length), html: readFileSync(path, 'utf8') });
    }
  };
  walk(dist);
  return pages;
}

/** Words allowed to mix cases inside (brand and product names). */
export const MIXED_CASE_ALLOWED = new Set<string>(['JavaScript', 'OpenAPI', 'OpenStreetMap']);

/**
 * Run-together text: a word glued to a link or emphasis, a lower-case letter right before an
 * upper-case one or a digit, a comma with no space after it, an email glued to a word.
 */
export function runTogether(marked: string, emails: readonly string[]): string[] {
  const found: string[] = [];
  for (const match of marked.matchAll(new RegExp(`\\S*[\\p{L}\\d,;:]${TAG}+[\\p{L}\\d+(]\\S*`, 'gu'))) {
    found.push(match[0].replaceAll(TAG, '|'));
  }
  const text = marked.replaceAll(TAG, '');
  for (const match of text.matchAll(/\S*\p{Ll}[\p{Lu}\d]\S*/gu)) {
    const word = match[0].replace(/^\W+|\W+$/gu, '');
    if (!MIXED_CASE_ALLOWED.has(word)) found.push(match[0]);
  }
  for (const match of text.matchAll(/\S*\p{L},[\p{L}\d]\S*/gu)) found.push(match[0]);
  for (const match of text.matchAll(/\S*@\S*/g)) {
    const token = match[0].replace(/^[("'“]+|[)"'”.,;:!?]+$/gu, '');
    if (!emails.includes(token)) found.push(match[0]);
  }
  return found;
}
