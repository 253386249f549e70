import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Admin screens read their data from the stores of src/admin/stores (one fetching pattern with
// revalidation after writes); no screen fetches in an effect of its own.

const root = new URL('../../src/admin/', import.meta.url).pathname;
const files = (readdirSync(root, { recursive: true }) as string[])
  .filter((file) => /\.tsx?$/.test(file))
  .map((file) => ({ file, text: readFileSync(join(root, file), 'utf8') }));

describe('admin data', () => {
  it('is never loaded in an effect keyed on a serialized copy of its parameters', () => {
    const keyed = files.filter(({ text }) =>
      /useEffect[\s\S]{0,400}\[\s*JSON\.stringify|const key = JSON\.stringify/.test(text),
    );
    expect(keyed.map(({ file }) => file)).toEqual([]);
  });

  it('is read only by the stores: the API modules export writes, and the session check the app starts with', () => {
    const reads = files
      .filter(({ file }) => file.startsWith('api/'))
      .flatMap(({ file, text }) =>
        [...text.matchAll(/export const ((?:get|list)[A-Z]\w*)/g)].map((m) => `${file} ${m[1]}`),
      );
    expect(reads).toEqual(['api/auth.ts getSession']);
  });
});
