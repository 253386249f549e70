import type { Client, InStatement, InValue, ResultSet } from '@libsql/client';
import { z } from 'zod';
import type { Reply } from '@/lib/api/contract';
import type { customersApi } from '@/lib/api/customers';
import { CUSTOMER_NOT_FOUND } from '@/lib/api/customers';
import { dayStart } from '@/lib/company-day';
import {
  CUSTOMER_RECENT_SHIPMENTS,
  CUSTOMER_TOTAL_CAP,
  type CustomerDetail,
  type CustomerListQuery,
  customerListItemSchema,
  customerRecordSchema,
} from '@/lib/schemas/customer';
import { shipmentListItemSchema } from '@/lib/schemas/shipment/list-item';
import { HttpError } from './http';
import { and, countStatements, type Filter, keysetOrder, keysetPage, readCounts, readKeyset } from './keyset';
import { decodeFirst, decodeRows } from './rows';
import { phrase, trigramQuery } from './search-terms';
import { batchInCompanyZone } from './settings';

/** Reading customers: one with their recent shipments, and the searched, keyset-paged list. */

/** What a shipment takes from its customer. */
export const customerContactSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});
export type CustomerContact = z.infer<typeof customerContactSchema>;

export const notFound = () => new HttpError(404, CUSTOMER_NOT_FOUND);

const RECORD_COLUMNS = Object.keys(customerRecordSchema.shape)
  .map((column) => `c.${column}`)
  .join(', ');
/** The record plus its real shipment count (read from the shipments_customer index). */
const ROW_COLUMNS = `${RECORD_COLUMNS}, c.number, (SELECT count(*) FROM shipments s WHERE s.customer_id = c.id) AS shipments`;

/** A shipment as lists show it, the columns read from its schema. */
const SHIPMENT_COLUMNS = Object.keys(shipmentListItemSchema.shape)
  .map((column) => `s.${column}`)
  .join(', ');

const listRowSchema = customerListItemSchema.extend({ number: z.number().int() });

export const selectDetail = (where: string, args: InValue[]): InStatement[] => [
  { sql: `SELECT ${ROW_COLUMNS} FROM customers c WHERE ${where}`, args },
  {
    sql: `SELECT ${SHIPMENT_COLUMNS} FROM shipments s WHERE s.customer_id = (SELECT c.id FROM customers c WHERE ${where})
          ORDER BY s.id DESC LIMIT ${CUSTOMER_RECENT_SHIPMENTS}`,
    args,
  },
];

/** Decodes the last two results of a batch that ends with selectDetail. */
export function detailFrom(results: Array<{ rows: Parameters<typeof decodeRows>[1] }>): CustomerDetail | null {
  const [customers, shipments] = results.slice(-2);
  // biome-ignore lint/style/noNonNullAssertion: db.batch answers one result per statement, and this one is in the batch
  const row = decodeFirst(listRowSchema, customers!.rows);
  if (!row) return null;
  const { number: _number, ...customer } = row;
  // biome-ignore lint/style/noNonNullAssertion: db.batch answers one result per statement, and this one is in the batch
  return { ...customer, recent_shipments: decodeRows(shipmentListItemSchema, shipments!.rows) };
}

/**
 * The reads of the customer a path names, for a staff call's first round trip (`customerFrom` decodes
 * them); none for an id that cannot exist.
 */
export function customerReads(id: string): InStatement[] {
  return selectDetail('c.id = ?', [id]);
}

/** One customer with their shipment count and most recent shipments, or a 404. */
export async function requireCustomer(db: Client, id: string): Promise<CustomerDetail> {
  const customer = await findCustomer(db, id);
  if (!customer) throw notFound();
  return customer;
}

/** The customer `customerReads` found, or null. */
export const customerFrom = (results: ResultSet[]): CustomerDetail | null =>
  results.length ? detailFrom(results) : null;

/** One customer with their shipment count and most recent shipments, or null. */
async function findCustomer(db: Client, id: string): Promise<CustomerDetail | null> {
  return detailFrom(await db.batch(selectDetail('c.id = ?', [id]), 'read'));
}

export type CustomerListPage = Omit<Reply<typeof customersApi.list>, 'status'>;

// The trigram index matches substrings of 3+ characters; shorter terms match the start of a word.
const TRIGRAM = 3;

/**
 * One page of customers, newest first (by the id's number), keyset-paged. `q` is found through an
 * FTS5 index either way, so a search reads only its matches, in list order: 3+ characters anywhere
 * in the id, name, contact, email or phone (trigram; a phone also by its digits); 1-2 characters at
 * the start of a word of the name, contact or email. Accents do not matter. Matches are counted up
 * to CUSTOMER_TOTAL_CAP + 1.
 */
export async function listCustomers(db: Client, query: CustomerListQuery): Promise<CustomerListPage> {
  const keyset = readKeyset(query);
  const q = query.q;
  const short = q !== undefined && [...q].length < TRIGRAM;
  // A term without a letter or digit has no word to start (the word index would match nothing).
  if (q && short && !/[\p{L}\p{N}]/u.test(q)) {
    return keysetPage([], () => 0, { keyset, limit: query.limit, counted: 0, preceding: 0, cap: 1 });
  }
  const key = q ? 'f.rowid' : 'c.number';
  const { filters: cursor, order } = keysetOrder(key, keyset);

  // `since` is a day of the company: from its midnight in the company's time zone.
  const statementsIn = (zone: string): InStatement[] => {
    const filters: Filter[] = [];
    if (query.status) filters.push({ sql: 'c.status = ?', args: [query.status] });
    if (query.since) filters.push({ sql: 'c.created_at >= ?', args: [dayStart(zone, query.since)] });
    let page: Filter;
    let countFrom: string;
    let countFilters: Filter[];
    if (q) {
      const [table, match] = short
        ? ['customers_words', `${phrase(q)}*`]
        : ['customers_search', trigramQuery(q, ['phone'])];
      const matchFilter: Filter = { sql: `${table} MATCH ?`, args: [match] };
      const pageWhere = and([matchFilter, ...cursor, ...filters]);
      page = {
        sql: `SELECT ${ROW_COLUMNS} FROM ${table} f CROSS JOIN customers c ON c.number = f.rowid
              WHERE ${pageWhere.sql} ORDER BY f.rowid ${order} LIMIT ?`,
        args: pageWhere.args,
      };
      countFrom = filters.length ? `${table} f CROSS JOIN customers c ON c.number = f.rowid` : `${table} f`;
      countFilters = [matchFilter, ...filters];
    } else {
      const pageWhere = and([...filters, ...cursor]);
      page = {
        sql: `SELECT ${ROW_COLUMNS} FROM customers c WHERE ${pageWhere.sql} ORDER BY c.number ${order} LIMIT ?`,
        args: pageWhere.args,
      };
      countFrom = 'customers c';
      countFilters = filters;
    }
    return [
      { sql: page.sql, args: [...page.args, query.limit + 1] },
      ...countStatements(countFrom, countFilters, { key, keyset, limit: CUSTOMER_TOTAL_CAP + 1 }),
    ];
  };
  // Only a day filter needs the company's zone (read in the same batch).
  const [rows, ...counts] = query.since
    ? (await batchInCompanyZone(db, statementsIn)).results
    : await db.batch(statementsIn('UTC'), 'read');
  // biome-ignore lint/style/noNonNullAssertion: db.batch answers one result per statement, and this one is in the batch
  const { data, meta } = keysetPage(decodeRows(listRowSchema, rows!.rows), (row) => row.number, {
    keyset,
    limit: query.limit,
    ...readCounts(counts),
    cap: CUSTOMER_TOTAL_CAP,
  });
  return { data: data.map(({ number: _number, ...customer }) => customer), meta };
}
