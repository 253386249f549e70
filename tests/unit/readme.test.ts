import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The README is the first ten minutes: two commands, what they give, where things live. Everything else is in
// docs/, so a link that stops resolving or a map that names a folder no longer there misleads at once.
const root = fileURLToPath(new URL('../../', import.meta.url));
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const readme = read('README.md');
const documents = ['README.md', ...readdirSync(join(root, 'docs')).map((name) => `docs/${name}`)];

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
const anchor = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

const anchorsOf = (path: string) =>
  new Set([...read(path).matchAll(/^#{1,6} (.+)$/gm)].map((match) => anchor(match[1]!)));

describe('the README', () => {
  it('opens with the two commands: install and start, then test', () => {
    const first = readme.match(/```sh\n([\s\S]*?)```/)![1]!;
    const commands = first
      .trim()
      .split('\n')
      .map((line) => line.split('#')[0]!.trim());
    expect(commands).toEqual(['npm install && npm start', 'npm test']);
    expect(readme.indexOf('```sh')).toBeLessThan(readme.indexOf('\n## '));
  });

  it('is the command CI runs: .ci/run ends with the README’s test command', () => {
    const testCommand = readme.match(/```sh\n[^\n]*\n([^\n#]*)/)![1]!.trim();
    const ci = read('.ci/run')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('#'));
    expect(ci.at(-1)).toBe(testCommand);
  });

  it('maps only folders that exist', () => {
    const map = readme.match(/## Where things live\n+```\n([\s\S]*?)```/)![1]!;
    const paths = map
      .trim()
      .split('\n')
      .flatMap((line) => {
        const [first] = line.split(/\s{2,}/);
        return first!.split(', ').flatMap((path) => {
          const braces = path.match(/^(.*)\{(.+)\}$/);
          return braces ? braces[2]!.split(',').map((part) => braces[1] + part) : [path];
        });
      });
    expect(paths.length).toBeGreaterThan(10);
    for (const path of paths) expect(existsSync(join(root, path)), path).toBe(true);
  });

  it('links to every document under docs/', () => {
    for (const path of documents.slice(1)) expect(readme).toContain(`](${path})`);
  });
});

describe('the links of README.md and docs/', () => {
  it('point at files that exist, and at headings those files have', () => {
    const broken: string[] = [];
    for (const path of documents) {
      for (const [, target] of read(path).matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/.test(target!)) continue;
        const [file, hash] = target!.split('#');
        const linked = file ? normalize(join(dirname(path), file)) : path;
        if (!existsSync(join(root, linked))) broken.push(`${path}: ${target}`);
        else if (hash && linked.endsWith('.md') && !anchorsOf(linked).has(hash)) broken.push(`${path}: ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });
});
