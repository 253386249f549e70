import { existsSync } from 'node:fs';
import { relative } from 'node:path';
import { migrate } from '../db/migrate';
import { closeDb, getDb } from '../netlify/lib/db';
import { BIG_DB_PATH, generateBigDatabase } from './generate';
import { type Measurement, printComparisons, printTable } from './lib/measure';
import { benchBigList, benchBigLookup, LIST_P99_TARGET_MS } from './search';

const ratio = (handler: Measurement, bare: Measurement) =>
  `p50 ${(handler.p50 / bare.p50).toFixed(1)}x, p99 ${(handler.p99 / bare.p99).toFixed(1)}x`;

/**
 * Lookup and list search on the 1,000,000-shipment database. Without the file it says how to make
 * it (some 12-15 minutes on two cores, 2.3 GB), unless asked to with `npm run bench -- --generate`.
 */
export async function runBigBenchmarks(seconds: number): Promise<void> {
  const path = relative(process.cwd(), BIG_DB_PATH);
  if (!existsSync(BIG_DB_PATH)) {
    if (!process.argv.includes('--generate')) {
      console.log(`1,000,000-shipment database: ${path} not found. Generate it with \`npm run bench:generate\``);
      console.log('(some 12-15 minutes on two cores, 2.3 GB, git-ignored) or run `npm run bench -- --generate`.');
      return;
    }
    console.log(`Generating ${path}:`);
    await generateBigDatabase();
  }
  const previous = process.env.DATABASE_URL;
  process.env.DATABASE_URL = `file:${BIG_DB_PATH}`;
  try {
    const db = await getDb();
    await migrate(db);
    const { rows } = await db.execute(
      'SELECT (SELECT count(*) FROM shipments) AS shipments, (SELECT max(id) FROM shipment_histories) AS histories',
    );
    console.log(
      `Generated database (${Number(rows[0]!.shipments).toLocaleString('en')} shipments, ~${Number(rows[0]!.histories).toLocaleString('en')} histories):`,
    );
    printComparisons([await benchBigLookup(db, seconds)]);
    const list = await benchBigList(db, seconds);
    printTable(list);
    console.log(
      `List target: p99 <= ${LIST_P99_TARGET_MS} ms for every kind of query, at 1M rows (matches: the count the list answers):`,
    );
    for (const row of list.filter((item) => item.matches !== '')) {
      const verdict = row.p99 <= LIST_P99_TARGET_MS ? 'holds' : 'MISSED';
      console.log(`  ${row.name} (${row.matches} matches): p99 ${row.p99.toFixed(1)} ms, ${verdict}`);
    }
    const listHandler = list.find((row) => row.name.startsWith('list: handler'))!;
    const listBare = list.find((row) => row.name.startsWith('list: bare'))!;
    console.log(`List handler / bare SQL: ${ratio(listHandler, listBare)}`);
  } finally {
    await closeDb();
    if (previous === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = previous;
  }
}
