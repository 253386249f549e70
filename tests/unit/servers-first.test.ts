import { describe, expect, it } from 'vitest';
import type { TestSpecification, Vitest } from 'vitest/node';
import { ServersFirst } from '../helpers/servers-first';

const spec = (project: string, moduleId: string) => ({ project: { name: project }, moduleId }) as TestSpecification;
const files = [
  ...Array.from({ length: 30 }, (_, i) => spec(i % 2 ? 'file' : 'sqld', `/tests/api/${i}.test.ts`)),
  spec('servers', '/tests/unit/side-by-side.test.ts'),
  spec('servers', '/tests/unit/bundles.test.ts'),
];
const order = (seed: number) =>
  new ServersFirst({ config: { sequence: { shuffle: true, seed } } } as unknown as Vitest).sort([...files].reverse());
const names = (sorted: TestSpecification[]) => sorted.map((file) => `${file.project.name}:${file.moduleId}`);

describe('the order of the test files', () => {
  it('starts the server suites first and keeps every file once', async () => {
    const sorted = await order(1);
    expect(sorted.slice(0, 2).map((file) => file.project.name)).toEqual(['servers', 'servers']);
    expect(new Set(names(sorted))).toEqual(new Set(names(files)));
    expect(sorted).toHaveLength(files.length);
  });

  it('is shuffled by the seed: the same seed gives the same order, another seed another one', async () => {
    expect(names(await order(42))).toEqual(names(await order(42)));
    expect(names(await order(42))).not.toEqual(names(await order(43)));
    expect(names(await order(42)).slice(2)).not.toEqual(names(files.slice(0, 30)));
  });
});
