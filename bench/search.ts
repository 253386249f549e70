import type { Client } from '@libsql/client';
import trackings from '../netlify/functions/shipments-list';
import { login } from '../netlify/lib/auth';
import { hashPassword } from '../netlify/lib/password';
import { encodeCursor, listShipments } from '../netlify/lib/shipment-list';
import { shipmentListQuerySchema } from '../src/lib/schemas/shipment/list-query';
import { type Comparison, type Measurement, measure } from './lib/measure';
import { handlerVersusSql } from './tracking';

const BENCH_ADMIN = { email: 'bench@nec-cargo.example', password: 'bench-password-not-used' };

/** Signs in a benchmark admin on the big database (created once) and returns its session cookie. */
async function benchSession(db: Client): Promise<string> {
  const { rows } = await db.execute({ sql: 'SELECT 1 FROM admin_users WHERE email = ?', args: [BENCH_ADMIN.email] });
  if (!rows.length) {
    await db.execute({
      sql: 'INSERT INTO admin_users (email, password_hash) VALUES (?, ?)',
      args: [BENCH_ADMIN.email, await hashPassword(BENCH_ADMIN.password)],
    });
  }
  const outcome = await login(db, { ...BENCH_ADMIN, remember: false }, { address: '127.0.0.1', userAgent: 'bench' });
  if (outcome.kind !== 'session') throw new Error('The benchmark admin has two-factor sign-in on');
  return outcome.cookie.split(';')[0]!;
}

/** The public lookup on the big database: the handler in-process, and the SQL it runs, bare. */
export async function benchBigLookup(db: Client, seconds: number): Promise<Comparison> {
  const numbers = (
    await db.execute(
      'SELECT tracking_number FROM shipments WHERE id IN (SELECT abs(random()) % 1000000 + 1 FROM generate_series(1, 2000))',
    )
  ).rows.map((row) => String(row.tracking_number));
  return handlerVersusSql(db, '1M shipments', seconds, numbers);
}

/** The list's latency target on the 1M database, for every kind of query. */
export const LIST_P99_TARGET_MS = 50;

/**
 * What staff type into the list's search box, from narrow to broad, plus filters and deep pages:
 * terms of one and two characters (common, and rare or absent), and a broad term with a status and
 * type pair few shipments have (the generator makes on hold + heavy freight about 4 in 10,000).
 */
async function listQueries(db: Client): Promise<Array<[label: string, query: Record<string, string>]>> {
  const { rows } = await db.execute('SELECT tracking_number FROM shipments WHERE id = 654321');
  const number = String(rows[0]!.tracking_number);
  const cursor = encodeCursor(500_000);
  const rare = { status: 'on_hold', type: 'Heavy Freight' };
  return [
    ['first page', {}],
    ['status filter', { status: 'on_hold' }],
    ['page at row 500,000', { cursor }],
    ['q = tracking number fragment', { q: number.slice(4, 10).toLowerCase() }],
    ['q = customer name', { q: 'kestrel electronics 7' }],
    ['q = sender name', { q: 'Amara Okafor' }],
    ['q = city (broad)', { q: 'hamburg' }],
    ['q = country (broad)', { q: 'United Kingdom' }],
    ['q = city + status', { q: 'hamburg', status: 'in_transit' }],
    ['q = city (broad) + rare status and type', { q: 'hamburg', ...rare }],
    ['q = country (broad) + rare status and type', { q: 'United Kingdom', ...rare }],
    ['q = city typed without its accents', { q: 'sao paulo' }],
    ['q = recipient email', { q: 'recipient654321@mail' }],
    ['q = email + rare status and type', { q: 'recipient65432', ...rare }],
    ['q = phone as typed (every row)', { q: '(20) 7946-0100' }],
    ['q = phone digits (in no row)', { q: '020 7946 9999' }],
    ['q = 1 character (common)', { q: 'e' }],
    ['q = 1 character (ã: as a, common)', { q: 'ã' }],
    ['q = 1 character (in no row)', { q: '#' }],
    ['q = 2 characters (common)', { q: 'ha' }],
    ['q = 2 characters (rare)', { q: 'qx' }],
    ['q = 2 characters (in no row)', { q: '#!' }],
    ['q = 2 characters + rare status and type', { q: 'ha', ...rare }],
  ];
}

/** A list measurement with how many shipments its query matched (the count the list answers). */
export interface ListMeasurement extends Measurement {
  matches: string;
}

/** The admin list on the big database: the handler per kind of query, and the bare list query once. */
export async function benchBigList(db: Client, seconds: number): Promise<ListMeasurement[]> {
  const cookie = await benchSession(db);
  const queries = await listQueries(db);
  const results: ListMeasurement[] = [];
  const perQuery = Math.max(1, seconds / 2);
  const mixed = queries.map(([, query]) => shipmentListQuerySchema.parse(query));
  for (const [index, [label, query]] of queries.entries()) {
    const url = `http://localhost/api/trackings?${new URLSearchParams(query)}`;
    const { meta } = await listShipments(db, mixed[index]!);
    const measurement = await measure(
      `list: ${label}`,
      async () => {
        const response = await trackings(new Request(url, { headers: { cookie } }), {});
        if (response.status !== 200) throw new Error(`unexpected ${response.status}: ${await response.text()}`);
        await response.text();
      },
      { seconds: perQuery, warmup: 5 },
    );
    results.push({ ...measurement, matches: `${meta.total.toLocaleString('en')}${meta.total_is_estimate ? '+' : ''}` });
  }
  const bare = await measure(
    'list: bare SQL, all of the above in turn',
    (i) => listShipments(db, mixed[i % mixed.length]!),
    {
      seconds,
      warmup: 5,
    },
  );
  results.push({ ...bare, matches: '' });
  const handlerMixed = queries.map(([, query]) => `http://localhost/api/trackings?${new URLSearchParams(query)}`);
  const handler = await measure(
    'list: handler, all of the above in turn',
    async (i) => {
      const response = await trackings(
        new Request(handlerMixed[i % handlerMixed.length]!, { headers: { cookie } }),
        {},
      );
      await response.text();
    },
    { seconds, warmup: 5 },
  );
  results.push({ ...handler, matches: '' });
  return results;
}
