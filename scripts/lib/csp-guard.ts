import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/**
 * The pages' Content-Security-Policy (netlify.toml) allows scripts from this site's own files and
 * inline scripts only by hash. After each build, this checks every inline script of every page
 * against those hashes (and that no page has an inline event handler or a javascript: URL, which no
 * hash allows) and fails the build naming the page and the hash to add, so a changed inline script
 * never reaches a browser that would refuse it.
 */

const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi;
const EVENT_HANDLER = /<[a-z][^>]*\son[a-z]+=/i;
const JAVASCRIPT_URL = /\b(?:href|src|action)=["']?\s*javascript:/i;

export function allowedScriptHashes(netlifyToml: string): Set<string> {
  const policy = netlifyToml.match(/Content-Security-Policy\s*=\s*"""([\s\S]*?)"""/)?.[1] ?? '';
  return new Set([...policy.matchAll(/'sha256-([A-Za-z0-9+/=]+)'/g)].map((match) => match[1] ?? ''));
}

export const scriptHash = (script: string) => createHash('sha256').update(script).digest('base64');

/** Every problem of the built pages in `dir` under the policy's hashes: "page: what". */
export function cspProblems(dir: string, allowed: Set<string>): string[] {
  const problems: string[] = [];
  const visit = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (entry.name.endsWith('.html')) {
        const html = readFileSync(path, 'utf8');
        const page = path.slice(dir.length);
        for (const [, script] of html.matchAll(INLINE_SCRIPT)) {
          // biome-ignore lint/style/noNonNullAssertion: INLINE_SCRIPT has one capturing group, so every match has it
          const hash = scriptHash(script!);
          if (!allowed.has(hash))
            problems.push(
              // biome-ignore lint/style/noNonNullAssertion: INLINE_SCRIPT has one capturing group, so every match has it
              `${page}: inline script not in the CSP, add 'sha256-${hash}' (${script!.trim().slice(0, 60)}...)`,
            );
        }
        if (EVENT_HANDLER.test(html)) problems.push(`${page}: an inline event handler (on...=), which the CSP refuses`);
        if (JAVASCRIPT_URL.test(html)) problems.push(`${page}: a javascript: URL, which the CSP refuses`);
      }
    }
  };
  visit(dir);
  return problems;
}

export function cspGuard(): AstroIntegration {
  return {
    name: 'csp-guard',
    hooks: {
      'astro:build:done': ({ dir }) => {
        const allowed = allowedScriptHashes(readFileSync(new URL('../../netlify.toml', import.meta.url), 'utf8'));
        const problems = cspProblems(fileURLToPath(dir), allowed);
        if (problems.length) {
          throw new Error(`The pages break their Content-Security-Policy (netlify.toml):\n${problems.join('\n')}`);
        }
      },
    },
  };
}
