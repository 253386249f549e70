import { existsSync } from 'node:fs';
import { relative } from 'node:path';
import { migrate } from '../db/migrate';
import { closeDb, getDb } from '../netlify/lib/db';
import { BIG_DB_PATH, generateBigDatabase } from './generate';
import { type Measurement, printTable } from './lib/measure';
import { benchBigList, benchBigLookup } from './search';

const ratio = (handler: Measurement, bare: Measurement) =>
  `p50 ${(handler.p50 / bare.p50).toFixed(1)}x, p99 ${(handler.p99 / bare.p99).toFixed(1)}x`;

/**
 * Lookup and list search on the 1,000,000-shipment database. Without the file it says how to make
 * it (about a minute and 2 GB), unless asked to with `npm run bench -- --generate`.
 */
export async function runBigBenchmarks(seconds: number): Promise<void> {
  const path = relative(process.cwd(), BIG_DB_PATH);
  if (!existsSync(BIG_DB_PATH)) {
    if (!process.argv.includes('--generate')) {
      console.log(`1,000,000-shipment database: ${path} not found. Generate it with \`npm run bench:generate\``);
      console.log('(about a minute, 2 GB, git-ignored) or run `npm run bench -- --generate`.');
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
    const [handler, bare] = await benchBigLookup(db, seconds);
    printTable([handler!, bare!]);
    console.log(
      `Lookup handler / bare SQL: ${ratio(handler!, bare!)} (the handler adds the per-address rate limit, a write)`,
    );
    const list = await benchBigList(db, seconds);
    printTable(list);
    const listHandler = list.find((row) => row.name.startsWith('list: handler'))!;
    const listBare = list.find((row) => row.name.startsWith('list: bare'))!;
    console.log(`List handler / bare SQL: ${ratio(listHandler, listBare)}`);
  } finally {
    await closeDb();
    if (previous === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = previous;
  }
}
