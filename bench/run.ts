import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate } from '../db/migrate';
import { seed } from '../db/seed';
import { closeDb, getDb } from '../netlify/lib/db';
import { measureAdminBundle, printBundle } from './admin-bundle';
import { runBigBenchmarks } from './big';
import { benchImport, printImport } from './imports';
import { printComparisons } from './lib/measure';
import { benchLoginTiming, printLoginTiming } from './login';
import { measurePageWeights, printPageWeights } from './page-weight';
import { countRoundTrips, printRoundTrips } from './round-trips';
import { benchTracking } from './tracking';

/**
 * Benchmarks (not tests): loopback only, each measurement bounded in time. `npm run bench -- --only
 * lookup,round-trips` runs some parts: lookup, sign-in, round-trips, import, big (the 1M database), bundles.
 */
const PARTS = ['lookup', 'sign-in', 'round-trips', 'import', 'big', 'bundles'] as const;
const flag = process.argv.indexOf('--only');
const chosen = new Set<string>(flag === -1 ? PARTS : (process.argv[flag + 1] ?? '').split(','));
const unknown = [...chosen].filter((part) => !(PARTS as readonly string[]).includes(part));
if (unknown.length) {
  console.error(`Unknown bench part ${unknown.join(', ')}: choose among ${PARTS.join(', ')}`);
  process.exit(2);
}
const runs = (part: (typeof PARTS)[number]) => chosen.has(part);

const seconds = Number(process.env.BENCH_SECONDS ?? 3);
if (runs('lookup') || runs('sign-in')) {
  const dir = await mkdtemp(join(tmpdir(), 'courier-bench-'));
  try {
    process.env.DATABASE_URL = `file:${join(dir, 'bench.db')}`;
    const db = await getDb();
    await migrate(db);
    await seed(db, { adminEmail: 'bench@nec-cargo.example', adminPassword: 'bench-password-not-used' });
    if (runs('lookup')) {
      console.log('Seeded database (36 shipments):');
      printComparisons(await benchTracking(db, seconds));
    }
    if (runs('sign-in')) {
      console.log('Sign-in timing (each a full password hash; should overlap):');
      // The sqld comparison closed the shared client to switch databases: open the seeded file again.
      const again = await getDb();
      printLoginTiming(
        await benchLoginTiming(again, 'bench@nec-cargo.example', Number(process.env.BENCH_LOGIN_ROUNDS ?? 15)),
      );
    }
  } finally {
    await closeDb();
    await rm(dir, { recursive: true, force: true });
  }
}

if (runs('round-trips')) {
  console.log(
    'Round trips to the database per call (a real sqld behind a counting proxy; each is a network trip to Turso):',
  );
  printRoundTrips(await countRoundTrips());
}

if (runs('import')) {
  console.log('Shipments import (a file of 10,000 rows through the handler, in chunks as the screen sends them):');
  printImport(await benchImport());
}

if (runs('big')) await runBigBenchmarks(seconds);

if (runs('bundles')) {
  const adminBundle = measureAdminBundle();
  console.log('Sign-in page and admin app (compressed JavaScript from dist/, each file on its own as served):');
  if (adminBundle) printBundle(adminBundle);
  else console.log('  no build in dist/: run `npm run build` first');

  const pageWeights = measurePageWeights();
  console.log('Public pages (compressed JavaScript per page from dist/):');
  if (pageWeights) printPageWeights(pageWeights);
  else console.log('  no build in dist/: run `npm run build` first');
}
