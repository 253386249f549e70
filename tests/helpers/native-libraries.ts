import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * The native libraries netlify-cli wrote for the functions in `root` (a folder each; folders whose name
 * starts with a dot are not functions): the functions holding a copy, and each library's copies' inodes by
 * its path inside a function (one inode when every function shares one file).
 */
export function nativeLibraryCopies(root: string): { functions: Set<string>; inodes: Map<string, Set<number>> } {
  const functions = new Set<string>();
  const inodes = new Map<string, Set<number>>();
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    const file = join(entry.parentPath, entry.name);
    const [folder, ...inside] = relative(root, file).split('/');
    if (!entry.isFile() || !entry.name.endsWith('.node') || folder!.startsWith('.')) continue;
    functions.add(folder!);
    const key = inside.join('/');
    inodes.set(key, (inodes.get(key) ?? new Set()).add(statSync(file).ino));
  }
  return { functions, inodes };
}
