import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

const STATIC_IMPORT = /(?:import|export)\s*(?:[\w*{}\s,$]*from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g;
const DYNAMIC_IMPORT = /import\(\s*["'`](\.{1,2}\/[^"'`]+\.js)["'`]\s*\)/g;
// Vite's preload helper lists lazy chunks as plain strings ("_astro/X.js") in a dependency map.
const PRELOAD_DEP = /["'`](?:\/)?_astro\/([^"'`]+\.js)["'`]/g;

/** The sibling chunks a built module imports statically (names relative to `dist/_astro`). */
export function staticImports(source: string): string[] {
  return [...source.matchAll(STATIC_IMPORT)].map((match) => match[1]!.replace(/^\.\//, ''));
}

/** Bytes on the wire: gzip at level 9 and brotli at its default. */
export function compressedSizes(content: Buffer): { gzip: number; brotli: number } {
  return { gzip: gzipSync(content, { level: 9 }).length, brotli: brotliCompressSync(content).length };
}

/** The scripts a built page names: its module scripts and its islands' component and renderer. */
function entryScripts(html: string): string[] {
  return [...html.matchAll(/(?:component-url|renderer-url|src)="\/_astro\/([^"]+\.js)"/g)].map((match) => match[1]!);
}

/** The inline scripts of a built page (Astro's island loader, the layout's first-paint line). */
export function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]!);
}

/**
 * What a built page loads at once (`eager`: its entry scripts and everything they import
 * statically) and what it may load later (`lazy`: dynamic imports and their imports), as file names
 * under `dist/_astro`.
 */
export function pageChunks(dist: string, htmlFile: string): { eager: Set<string>; lazy: Set<string> } {
  const assets = join(dist, '_astro');
  const eager = new Set<string>();
  const lazy = new Set<string>();
  const visit = (file: string, isLazy: boolean) => {
    if (eager.has(file) || (isLazy && lazy.has(file))) return;
    if (!existsSync(join(assets, file))) return;
    (isLazy ? lazy : eager).add(file);
    if (!isLazy) lazy.delete(file);
    const source = readFileSync(join(assets, file), 'utf8');
    for (const imported of staticImports(source)) visit(imported, isLazy);
    for (const match of source.matchAll(DYNAMIC_IMPORT)) visit(match[1]!.replace(/^\.\//, ''), true);
    for (const match of source.matchAll(PRELOAD_DEP)) visit(match[1]!, true);
  };
  for (const root of entryScripts(readFileSync(htmlFile, 'utf8'))) visit(root, false);
  for (const file of eager) lazy.delete(file);
  return { eager, lazy };
}
