import { createServer } from 'node:http';
import type { Client } from '@libsql/client';
import tracking from '../netlify/functions/tracking-lookup';
import { startSqld } from '../tests/helpers/sqld';
import { startHandlerServer } from './lib/http-server';
import { type Comparison, measure } from './lib/measure';
import { type RecordedCall, recordCalls, replayCalls } from './lib/recorded-sql';
import { withSeededDatabase } from './lib/seeded-database';

// Each lookup from its own address, as many visitors would: one address hits the per-address limit.
const address = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
const visitor = (i: number) => ({ 'x-nf-client-connection-ip': address(i) });

/**
 * In-process calls as Netlify makes them: call `i` looks up the `i`th number (round the list) from an
 * address of its own. The platform builds the request (a GET's can be handed over again) and names the
 * client's address in `context.ip`, so the figure is the handler's own work.
 */
function inProcessLookups(numbers: readonly string[]): (i: number) => Promise<Response> {
  const requests = numbers.map((number) => new Request(`http://localhost/api/tracking/${number}`));
  return async (i) => {
    const response = await tracking(requests[i % numbers.length]!, {
      params: { trackingNumber: numbers[i % numbers.length]! },
      ip: address(i),
    });
    if (response.status !== 200) throw new Error(`unexpected ${response.status}`);
    return response;
  };
}

/**
 * The handler in-process beside exactly the SQL it issues (recorded per number), on the same client,
 * over the given numbers (each read once first, so neither side pays for reading pages from disk).
 */
export async function handlerVersusSql(
  db: Client,
  label: string,
  seconds: number,
  numbers: readonly string[],
): Promise<Comparison> {
  const lookup = inProcessLookups(numbers);
  const recorded: RecordedCall[][] = [];
  for (let i = 0; i < numbers.length; i++) recorded.push(await recordCalls(db, async () => (await lookup(i)).text()));
  const figure = await measure(`lookup handler in-process (${label})`, async (i) => (await lookup(i)).text(), {
    seconds,
  });
  const baseline = await measure(`  baseline: the same SQL, bare (${label})`, (i) =>
    replayCalls(db, recorded[i % recorded.length]!),
  );
  return {
    figure,
    baseline,
    target: 'p50 within 2x, p99 within 3x',
    holds: figure.p50 <= 2 * baseline.p50 && figure.p99 <= 3 * baseline.p99,
  };
}

const randomNumbers = async (db: Client) =>
  (await db.execute('SELECT tracking_number FROM shipments ORDER BY random() LIMIT 200')).rows.map((row) =>
    String(row.tracking_number),
  );

/**
 * The handler behind a minimal node:http server beside a node:http server answering a fixed body of the
 * same size: what one process serves, for information (in production the CDN answers repeated lookups,
 * and functions scale out).
 */
async function httpVersusFixed(db: Client, seconds: number): Promise<Comparison> {
  const numbers = await randomNumbers(db);
  const sample = await inProcessLookups(numbers)(0);
  const body = Buffer.from(await sample.arrayBuffer());
  const headers = Object.fromEntries(sample.headers);
  const fixed = createServer((_, res) => res.writeHead(200, headers).end(body));
  await new Promise<void>((resolve) => fixed.listen(0, '127.0.0.1', resolve));
  const { port } = fixed.address() as { port: number };
  const { url, server } = await startHandlerServer([['/api/tracking/:trackingNumber', tracking]]);
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
    return { figure, baseline, target: 'informative: what one process serves, the SQL included', holds: true };
  } finally {
    server.close();
    fixed.close();
  }
}

/** The lookup against a real sqld server, beside the same SQL over the same connection. */
async function againstSqld(seconds: number): Promise<Comparison> {
  const sqld = await startSqld();
  try {
    return await withSeededDatabase(sqld.url, async (db) => {
      const comparison = await handlerVersusSql(db, 'sqld over HTTP', seconds, await randomNumbers(db));
      return { ...comparison, target: 'informative: the network round trips are the cost of a remote database' };
    });
  } finally {
    await sqld.stop();
  }
}

/** The public tracking lookup on the seeded database, each figure with its same-run baseline. */
export async function benchTracking(db: Client, seconds: number): Promise<Comparison[]> {
  const inProcess = await handlerVersusSql(db, 'local file', seconds, await randomNumbers(db));
  return [inProcess, await httpVersusFixed(db, seconds), await againstSqld(seconds)];
}
