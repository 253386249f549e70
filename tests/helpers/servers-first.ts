import { BaseSequencer, type TestSpecification } from 'vitest/node';

const isServers = (file: TestSpecification) => file.project.name === 'servers';
const key = (file: TestSpecification) => `${file.project.name}\u0000${file.moduleId}`;

/** The files in a fixed order, then shuffled by `seed` (a seeded Fisher-Yates: the same seed, the same order). */
function shuffled(files: readonly TestSpecification[], seed: number): TestSpecification[] {
  const list = [...files].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
  let state = seed >>> 0;
  // mulberry32: small, fast and evenly spread, which is all an order needs.
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [list[i], list[j]] = [list[j]!, list[i]!];
  }
  return list;
}

/**
 * Vitest's order (shuffled by the run's seed under `--sequence.shuffle`), with the `servers` project's files first:
 * they start copies of the product, minutes of builds on their own, and ran alone at the end of the run when the
 * shuffle happened to start them late.
 */
export class ServersFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { shuffle, seed } = this.ctx.config.sequence;
    const ordered = shuffle ? shuffled(files, seed) : await super.sort(files);
    return [...ordered.filter(isServers), ...ordered.filter((file) => !isServers(file))];
  }
}
