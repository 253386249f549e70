import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { ServersFirst } from './tests/helpers/servers-first';

const DATABASE_SUITES = ['tests/db/**/*.test.ts', 'tests/api/**/*.test.ts'];
// Suites that build the site or start the served product: minutes each, so they run as a project of their own
// (`npx vitest run --project servers`), and `--project file` stays quick.
const SERVER_SUITES = ['tests/unit/side-by-side.test.ts', 'tests/unit/bundles.test.ts'];

export default defineConfig({
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: {
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Vitest's default is one worker per core less one: a single worker on a two-core machine. Test files mostly
    // wait on child processes, servers and scrypt's thread pool, so three share two cores well.
    maxWorkers: 3,
    sequence: { sequencer: ServersFirst },
    // The database suites run twice, on temporary database files and on a real sqld server, in one pool:
    // `npx vitest run --project file` (or `sqld`) runs one of them.
    projects: [
      { test: { name: 'file', include: ['tests/unit/**/*.test.ts', ...DATABASE_SUITES], exclude: SERVER_SUITES } },
      { test: { name: 'servers', include: SERVER_SUITES } },
      { test: { name: 'sqld', include: DATABASE_SUITES, env: { TEST_DB_MODE: 'sqld' } } },
    ],
  },
});
