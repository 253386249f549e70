import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { runE2e } from './e2e';
import { QUIET_ENV } from './lib/quiet-env';

/**
 * Every check, in order, stopping at the first failure: lint and format, dead code, type checks, vitest (the unit
 * tests, and the database-facing suites on temporary database files and on a real sqld server: two projects of one
 * run, see vitest.config.ts), then Playwright in Chromium against the locally served product. Ends with one line summing
 * all suites.
 */
const REPORTS = '.data/reports';
rmSync(REPORTS, { recursive: true, force: true });
mkdirSync(REPORTS, { recursive: true });

let passed = 0;
let failed = 0;

function run(command: string, args: string[], env: Record<string, string> = {}): number {
  return spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...QUIET_ENV, ...env } }).status ?? 1;
}

function countVitest(file: string) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
}

function countPlaywright(file: string) {
  if (!existsSync(file)) return;
  const { stats } = JSON.parse(readFileSync(file, 'utf8'));
  passed += stats.expected + stats.flaky;
  failed += stats.unexpected;
}

function vitest(): number {
  const report = join(REPORTS, 'vitest.json');
  // Shuffled, so a test that leans on another's data or order fails here; the seed printed at the top replays a run
  // (`npx vitest run --sequence.shuffle --sequence.seed=<seed>`).
  const status = run('npx', [
    'vitest',
    'run',
    '--sequence.shuffle',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ]);
  countVitest(report);
  return status;
}

const steps: Array<[string, () => number | Promise<number>]> = [
  ['lint and format (biome), dead code (knip)', () => run('npm', ['run', 'lint'])],
  ['type checks', () => run('npx', ['astro', 'check'])],
  ['vitest (file databases and a sqld server)', vitest],
  [
    'playwright (chromium)',
    async () => {
      const report = join(process.cwd(), REPORTS, 'playwright.json');
      const status = await runE2e([], { PLAYWRIGHT_JSON_OUTPUT_NAME: report });
      countPlaywright(report);
      return status;
    },
  ],
];

let exitCode = 0;
for (const [name, step] of steps) {
  console.log(`\n=== ${name} ===\n`);
  const status = await step();
  if (status !== 0) {
    console.error(`\n${name} failed (exit ${status}); later steps were not run.`);
    exitCode = status;
    if (failed === 0) failed = 1;
    break;
  }
}

console.log(`\n${passed} passed, ${failed} failed`);
process.exit(exitCode);
