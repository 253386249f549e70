import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import login from '../netlify/functions/auth-login';
import imports from '../netlify/functions/imports-list-send';
import { IMPORT_CHUNK_ROWS } from '../src/lib/schemas/shipment/import-row';
import { apiRequest } from '../tests/helpers/requests';
import { BENCH_ADMIN, withSeededDatabase } from './lib/seeded-database';

/**
 * Importing 10,000 shipments as the import screen sends them: 20 chunks of 500 rows, one after another,
 * through the function's handler in-process against a file database, each chunk one transaction. The target
 * is the whole file within 60 s; each chunk must also fit a function's time limit.
 */

const ROWS = 10_000;
const TARGET_SECONDS = 60;

const rowOf = (n: number, stamp: string) => ({
  line: n + 1,
  cells: {
    reference: `BENCH-${stamp}-${n}`,
    customer_id: n % 2 ? 'CUS-1001' : '',
    status: 'Preparing',
    sender_name: `Sender ${n}`,
    recipient_name: `Recipient ${n}`,
    recipient_address: `Gran Vía ${n}, Madrid`,
    recipient_mail: `person${n}@example.com`,
    origin: 'London, United Kingdom',
    destination: 'Madrid, Spain',
    weight: String(1 + (n % 40)),
    admin_notes: n % 10 ? '' : 'Imported by the benchmark',
  },
});

export interface ImportTiming {
  seconds: number;
  slowestChunkSeconds: number;
  created: number;
}

export async function benchImport(): Promise<ImportTiming> {
  const dir = await mkdtemp(join(tmpdir(), 'courier-bench-import-'));
  try {
    return await withSeededDatabase(`file:${join(dir, 'import.db')}`, async () => {
      const signedIn = await login(apiRequest('/api/admin/login', { json: BENCH_ADMIN }));
      const cookie = String(signedIn.headers.get('set-cookie')).split(';')[0]!;
      const stamp = Date.now().toString(36);
      const rows = Array.from({ length: ROWS }, (_, index) => rowOf(index + 1, stamp));
      const key = randomUUID();
      let created = 0;
      let slowest = 0;
      const started = performance.now();
      for (let start = 0; start < ROWS; start += IMPORT_CHUNK_ROWS) {
        const chunkStarted = performance.now();
        const answer = await imports(
          apiRequest('/api/imports', {
            method: 'POST',
            headers: { Cookie: cookie },
            json: {
              key,
              file_name: 'bench.csv',
              chunk: start / IMPORT_CHUNK_ROWS,
              rows: rows.slice(start, start + IMPORT_CHUNK_ROWS),
            },
          }),
        );
        const body = await answer.json();
        if (answer.status !== 200)
          throw new Error(`chunk at row ${start} answered ${answer.status}: ${JSON.stringify(body)}`);
        created += body.data.created;
        slowest = Math.max(slowest, performance.now() - chunkStarted);
      }
      return { seconds: (performance.now() - started) / 1000, slowestChunkSeconds: slowest / 1000, created };
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export function printImport({ seconds, slowestChunkSeconds, created }: ImportTiming): void {
  const holds = seconds <= TARGET_SECONDS && created === ROWS;
  // Most of a row's cost is the search indexes' triggers, and the machine may be shared: the load says how busy.
  console.log(
    `  ${ROWS.toLocaleString('en-US')} rows in ${ROWS / IMPORT_CHUNK_ROWS} chunks: ${seconds.toFixed(1)} s, slowest chunk ${slowestChunkSeconds.toFixed(2)} s, ${created.toLocaleString('en-US')} created (target ${TARGET_SECONDS} s: ${holds ? 'holds' : 'MISSED'}; load average ${loadavg()[0]!.toFixed(1)})`,
  );
}
