import { createServer } from 'node:http';
import type { Client } from '@libsql/client';
import { migrate } from '../db/migrate';
import { seed } from '../db/seed';
import tracking from '../netlify/functions/tracking';
import { closeDb, getDb } from '../netlify/lib/db';
import { startSqld } from '../tests/helpers/sqld';
import { startHandlerServer } from './lib/http-server';
import { type Comparison, measure } from './lib/measure';
import { type RecordedCall, recordCalls, replayCalls } from './lib/recorded-sql';

// Each lookup from its own address, as many visitors would: one address hits the per-address limit.
const visitor = (i: number) => ({
  'x-nf-client-connection-ip': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
});

async function lookup(number: string, i: number): Promise<Response> {
  const response = await tracking(new Request(`http://localhost/api/tracking/${number}`, { headers: visitor(i) }), {
    params: { trackingNumber: number },
  });
  if (response.status !== 200) throw new Error(`unexpected ${response.status}`);
  return response;
}

/** The handler in-process beside exactly the SQL it issues (recorded per number), on the same client. */
async function handlerVersusSql(db: Client, label: string, seconds: number): Promise<Comparison> {
  const numbers = (await db.execute('SELECT tracking_number FROM shipments ORDER BY random() LIMIT 200')).rows.map(
    (row) => String(row.tracking_number),
  );
  const recorded: RecordedCall[][] = [];
  for (const [i, number] of numbers.entries()) recorded.push(await recordCalls(db, () => lookup(number, i)));
  const figure = await measure(
    `lookup handler in-process (${label})`,
    async (i) => (await lookup(numbers[i % numbers.length]!, i)).text(),
    { seconds },
  );
  const baseline = await measure(`  baseline: the same SQL, bare (${label})`, (i) =>
    replayCalls(db, recorded[i % recorded.length]!),
  );
  return { figure, baseline, target: 'p50 and p99 within 2x', holds: withinRatio(figure, baseline, 2) };
}

const withinRatio = (figure: { p50: number; p99: number }, baseline: { p50: number; p99: number }, times: number) =>
  figure.p50 <= baseline.p50 * times && figure.p99 <= baseline.p99 * times;

/**
 * The handler behind a minimal node:http server beside a node:http server answering a fixed body of the
 * same size; and, as the ceiling of any function behind that server, a function answering the fixed body.
 */
async function httpVersusFixed(db: Client, seconds: number): Promise<Comparison[]> {
  const numbers = (await db.execute('SELECT tracking_number FROM shipments ORDER BY random() LIMIT 200')).rows.map(
    (row) => String(row.tracking_number),
  );
  const sample = await lookup(numbers[0]!, 0);
  const body = Buffer.from(await sample.arrayBuffer());
  const headers = Object.fromEntries(sample.headers);
  const fixed = createServer((_, res) => res.writeHead(200, headers).end(body));
  await new Promise<void>((resolve) => fixed.listen(0, '127.0.0.1', resolve));
  const { port } = fixed.address() as { port: number };
  const { url, server } = await startHandlerServer([
    ['/api/tracking/:trackingNumber', tracking],
    ['/fixed', () => new Response(body, { headers })],
  ]);
  try {
    const get = async (target: string, i: number) => {
      const response = await fetch(target, { headers: visitor(i) });
      if (response.status !== 200) throw new Error(`unexpected ${response.status}`);
      await response.arrayBuffer();
    };
    const figure = await measure(
      'lookup handler behind node:http (8 connections)',
      (i) => get(`${url}/api/tracking/${numbers[i % numbers.length]}`, i),
      { seconds, concurrency: 8 },
    );
    const baseline = await measure(
      `  baseline: node:http answering a fixed ${body.length}-byte JSON body`,
      (i) => get(`http://127.0.0.1:${port}/`, i),
      { seconds, concurrency: 8 },
    );
    const glue = await measure(
      'a function answering that fixed body behind the same server as the handler',
      (i) => get(`${url}/fixed`, i),
      { seconds, concurrency: 8 },
    );
    return [
      {
        figure,
        baseline,
        target: 'at least 60% of the baseline requests/s',
        holds: figure.perSecond >= 0.6 * baseline.perSecond,
      },
      {
        figure: glue,
        baseline,
        target: 'informative: the ceiling of any function behind this server, its Request and Response alone',
        holds: true,
      },
    ];
  } finally {
    server.close();
    fixed.close();
  }
}

/** The lookup against a real sqld server, beside the same SQL over the same connection. */
async function againstSqld(seconds: number): Promise<Comparison> {
  const sqld = await startSqld();
  const previous = process.env.DATABASE_URL;
  await closeDb();
  process.env.DATABASE_URL = sqld.url;
  try {
    const db = await getDb();
    await migrate(db);
    await seed(db, { adminEmail: 'bench@nec-cargo.example', adminPassword: 'bench-password-not-used' });
    const comparison = await handlerVersusSql(db, 'sqld over HTTP', seconds);
    return { ...comparison, target: 'informative: the network round trips are the cost of a remote database' };
  } finally {
    await closeDb();
    if (previous === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = previous;
    await sqld.stop();
  }
}

/** The public tracking lookup on the seeded database, each figure with its same-run baseline. */
export async function benchTracking(db: Client, seconds: number): Promise<Comparison[]> {
  return [
    await handlerVersusSql(db, 'local file', seconds),
    ...(await httpVersusFixed(db, seconds)),
    await againstSqld(seconds),
  ];
}
