import { brotliCompressSync, gzipSync } from 'node:zlib';

const STATIC_IMPORT = /(?:import|export)\s*(?:[\w*{}\s,$]*from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g;

/** The sibling chunks a built module imports statically (names relative to `dist/_astro`). */
export function staticImports(source: string): string[] {
  return [...source.matchAll(STATIC_IMPORT)].map((match) => match[1]!.replace(/^\.\//, ''));
}

/** Bytes on the wire: gzip at level 9 and brotli at its default. */
export function compressedSizes(content: Buffer): { gzip: number; brotli: number } {
  return { gzip: gzipSync(content, { level: 9 }).length, brotli: brotliCompressSync(content).length };
}
