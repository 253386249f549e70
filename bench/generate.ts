import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createClient } from '@libsql/client';
import { migrate } from '../db/migrate';
import { SEED_CITIES, SEED_CONTENTS, SEED_COURIERS, SEED_CUSTOMERS, SEED_PEOPLE, SEED_STREETS } from '../db/seed-data';

/** Where the big benchmark database lives (git-ignored). */
export const BIG_DB_PATH = resolve(process.env.BENCH_BIG_DB ?? '.data/bench-1m.db');
export const BIG_SHIPMENTS = 1_000_000;
export const HISTORIES_PER_SHIPMENT = 5;

const CHUNK = 100_000;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
// h = n * a prime coprime to 36, modulo 36^9: a bijection, so every n gets a distinct tracking number.
const BODY_SPACE = 36 ** 9;
const MIX = 2_654_435_761;
const START = Date.parse('2024-01-01T00:00:00Z') / 1000;
const STEP_SECONDS = 60; // one shipment a minute: 1M shipments span about two years

/**
 * How often each status and package type occurs, in parts of 1,000, as at a working courier: most
 * shipments delivered, a few on hold; heavy freight rare. So some status and type pairs are rare
 * (on hold + heavy freight: about 4 in 10,000), as the search benchmark needs.
 */
const STATUS_SHARES: ReadonlyArray<readonly [string, number]> = [
  ['delivered', 790],
  ['in_transit', 100],
  ['processing', 50],
  ['preparing', 40],
  ['on_hold', 20],
];
const TYPE_SHARES: ReadonlyArray<readonly [string, number]> = [
  ['Standard', 450],
  ['Express', 250],
  ['Documents', 120],
  ['Fragile', 100],
  ['Pallet', 58],
  ['Heavy Freight', 22],
];
/**
 * A CASE picking from `shares` by `(n * multiplier) % modulus` scaled to parts of 1,000. The two
 * moduli are primes, so the status and the type of a shipment are independent of each other and of
 * its places (chosen by n modulo 24).
 */
function pick(shares: ReadonlyArray<readonly [string, number]>, multiplier: number, modulus: number): string {
  let bound = 0;
  const arms = shares.map(([value, share]) => {
    bound += share;
    return `WHEN ((n * ${multiplier}) % ${modulus}) * 1000 < ${bound} * ${modulus} THEN '${value}'`;
  });
  return `CASE ${arms.join(' ')} END`;
}

const base36 = Array.from({ length: 9 }, (_, i) => `substr(?1, (h / ${36 ** (8 - i)}) % 36 + 1, 1)`).join(' || ');

const COMPANY_WORDS = [
  'Harbor',
  'Redwood',
  'Brightline',
  'Kestrel',
  'Southern',
  'Northwind',
  'Atlas',
  'Summit',
  'Meridian',
  'Cobalt',
];
const COMPANY_KINDS = [
  'Retail',
  'Furniture',
  'Medical',
  'Electronics',
  'Traders',
  'Foods',
  'Logistics',
  'Textiles',
  'Motors',
  'Books',
];

/**
 * Builds the benchmark database: 1,000,000 shipments with 5,000,000 history entries, 2,000 customers,
 * through the real migrations (so the search index and its triggers are the product's), with SQL
 * recursive CTEs in 100,000-row statements. Writes to a temporary file, then renames it into place.
 */
export async function generateBigDatabase(path = BIG_DB_PATH, shipments = BIG_SHIPMENTS): Promise<void> {
  const temporary = `${path}.partial`;
  // A fresh checkout has no .data/ yet.
  mkdirSync(dirname(path), { recursive: true });
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${temporary}${suffix}`, { force: true });
  const db = createClient({ url: `file:${temporary}` });
  const started = performance.now();
  const step = (label: string) => console.log(`  ${label} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  try {
    // A throwaway file: no journal, no fsync, a big cache.
    for (const pragma of ['journal_mode = OFF', 'synchronous = OFF', 'cache_size = -1000000', 'temp_store = MEMORY']) {
      await db.execute(`PRAGMA ${pragma}`);
    }
    await migrate(db);
    step('migrated');

    await db.execute({
      sql: `WITH RECURSIVE seq(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM seq WHERE n < 1999)
            INSERT INTO customers (id, name, contact, email, phone, status)
            SELECT printf('CUS-%04d', 2000 + n),
                   json_extract(?1, '$[' || (n % 10) || ']') || ' ' || json_extract(?2, '$[' || (n / 10 % 10) || ']') || ' ' || (n / 100 + 1),
                   json_extract(?3, '$[' || (n % ?4) || ']'),
                   'contact' || n || '@customer.example', '+1 555 01' || printf('%02d', n % 100),
                   CASE WHEN n % 9 = 0 THEN 'inactive' ELSE 'active' END
            FROM seq`,
      args: [
        JSON.stringify(COMPANY_WORDS),
        JSON.stringify(COMPANY_KINDS),
        JSON.stringify(SEED_PEOPLE),
        BigInt(SEED_PEOPLE.length),
      ],
    });
    await db.execute({
      sql: 'INSERT INTO customers (id, name, contact, email, phone, status) SELECT value ->> 0, value ->> 1, value ->> 2, value ->> 3, value ->> 4, value ->> 5 FROM json_each(?)',
      args: [JSON.stringify(SEED_CUSTOMERS.map((c) => [c.id, c.name, c.contact, c.email, c.phone, c.status]))],
    });
    step('2,005 customers');

    const lists = {
      cities: JSON.stringify(SEED_CITIES),
      people: JSON.stringify(SEED_PEOPLE),
      couriers: JSON.stringify(Object.values(SEED_COURIERS).map((c) => c.courier)),
      streets: JSON.stringify(SEED_STREETS),
      contents: JSON.stringify(SEED_CONTENTS),
    };
    for (let from = 1; from <= shipments; from += CHUNK) {
      const to = Math.min(shipments, from + CHUNK - 1);
      await db.execute({
        sql: `WITH RECURSIVE seq(n) AS (SELECT ?2 UNION ALL SELECT n + 1 FROM seq WHERE n < ?3),
              x AS (SELECT n, (n * ${MIX}) % ${BODY_SPACE} AS h, ?4 + n * ${STEP_SECONDS} AS t,
                           json_extract(?5, '$[' || (n % 24) || ']') AS origin,
                           json_extract(?5, '$[' || ((n * 7 + 5) % 24) || ']') AS destination,
                           json_extract(?5, '$[' || ((n * 13 + 3) % 24) || ']') AS here,
                           json_extract(?6, '$[' || (n % 18) || ']') AS sender,
                           json_extract(?6, '$[' || ((n * 5 + 1) % 18) || ']') AS recipient,
                           ${pick(STATUS_SHARES, 7919, 1009)} AS status
                    FROM seq)
              INSERT INTO shipments (id, tracking_number, customer_id, order_date, status, courier, sender_name, sender_address,
                sender_email, sender_phone, recipient_name, recipient_address, recipient_mail, recipient_phone, weight,
                dimensions, package_type, contents, declared_value, origin, destination, shipping_date, estimated_delivery,
                delivery_method, customs_status, customs_fees, current_location, arrival_time, created_at, updated_at)
              SELECT n, 'NEC' || ${base36}, printf('CUS-%04d', 2000 + n % 2000), date(t, 'unixepoch'), status,
                json_extract(?7, '$[' || (n % 4) || ']'), sender,
                json_extract(?8, '$[' || (n % 12) || ']') || ', ' || origin, 'sender' || n || '@mail.example', '+1 916 555 0100',
                recipient, json_extract(?8, '$[' || ((n + 5) % 12) || ']') || ', ' || destination,
                'recipient' || n || '@mail.example', '+44 20 7946 0100', (n % 800) / 10.0 + 0.5, '40 x 30 x 20 cm',
                ${pick(TYPE_SHARES, 104729, 997)}, json_extract(?9, '$[' || (n % 14) || ']'), n % 5000,
                origin, destination, date(t + 86400, 'unixepoch'), date(t + 6 * 86400, 'unixepoch'), 'Air freight',
                'Cleared', n % 250, CASE status WHEN 'delivered' THEN destination WHEN 'in_transit' THEN here ELSE origin END,
                strftime('%Y-%m-%dT%H:%M:%fZ', t + 6 * 86400, 'unixepoch'),
                strftime('%Y-%m-%dT%H:%M:%fZ', t, 'unixepoch'), strftime('%Y-%m-%dT%H:%M:%fZ', t + 4 * 86400, 'unixepoch')
              FROM x`,
        args: [
          ALPHABET,
          BigInt(from),
          BigInt(to),
          BigInt(START),
          lists.cities,
          lists.people,
          lists.couriers,
          lists.streets,
          lists.contents,
        ],
      });
      await db.execute({
        sql: `INSERT INTO shipment_histories (shipment_id, status, notes, created_at)
              SELECT s.id, CASE k.value WHEN 0 THEN 'processing' WHEN 1 THEN 'preparing' WHEN 4 THEN s.status ELSE 'in_transit' END,
                     CASE k.value WHEN 0 THEN 'Order received at ' || s.origin || ' depot' WHEN 1 THEN 'Packed and labelled'
                          WHEN 2 THEN 'Departed ' || s.origin WHEN 3 THEN 'Arrived at ' || s.current_location || ' hub'
                          ELSE 'Status: ' || s.status END,
                     strftime('%Y-%m-%dT%H:%M:%fZ', unixepoch(s.created_at) + k.value * 20 * 3600, 'unixepoch')
              FROM shipments s, json_each('[0,1,2,3,4]') k WHERE s.id BETWEEN ? AND ?
              ORDER BY s.id, k.value`,
        args: [BigInt(from), BigInt(to)],
      });
      step(`${to.toLocaleString('en')} shipments, ${(to * HISTORIES_PER_SHIPMENT).toLocaleString('en')} histories`);
    }
    await db.execute("INSERT INTO shipments_search (shipments_search) VALUES ('optimize')");
    await db.execute("INSERT INTO shipments_short (shipments_short) VALUES ('optimize')");
    await db.execute('ANALYZE');
    step('search indexes optimized, statistics gathered');
  } finally {
    db.close();
  }
  renameSync(temporary, path);
}

// Run directly (npm run bench:generate): build the file, replacing an older one.
if (import.meta.url === `file://${process.argv[1]}`) {
  if (existsSync(BIG_DB_PATH)) console.log(`Replacing ${BIG_DB_PATH}`);
  console.log(`Generating ${BIG_SHIPMENTS.toLocaleString('en')} shipments into ${BIG_DB_PATH}:`);
  await generateBigDatabase();
  console.log('Done.');
}
