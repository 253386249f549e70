import type { Client, InStatement, ResultSet } from '@libsql/client';
import { z } from 'zod';
import type { QueryOf } from '@/lib/api/contract';
import type { exportsApi } from '@/lib/api/exports';
import { CUSTOMER_STATUS_LABELS } from '@/lib/schemas/customer';
import { QUOTE_STATUS_LABELS } from '@/lib/schemas/quote';
import { shipmentRecordSchema } from '@/lib/schemas/shipment/record';
import { STATUS_LABELS } from '@/lib/shipment-status';
import { csvRow } from '@/lib/spreadsheet';
import { listCustomers } from './customer-read';
import type { Download } from './http';
import { listQuoteRequests } from './quotes';
import { decodeRows } from './rows';
import { everyMatchPages } from './shipment-list';
import { SHIPMENT_COLUMNS } from './shipment-read';
import { placeholders } from './sql';

/**
 * The lists as CSV (`/api/exports/...`): each walks its own list's keyset pages, with the screen's
 * search and filters, EXPORT_PAGE rows at a time as the client takes the file, so 100,000 rows never sit
 * in memory. The first page is read before answering: a database that cannot be reached is a 503, not
 * a broken file.
 */

const EXPORT_PAGE = 500;

interface Page<T, C> {
  data: T[];
  meta: { next_cursor: C | null };
}

async function csvExport<T, C = string>(
  name: string,
  header: string[],
  read: (cursor: C | undefined) => Promise<Page<T, C>>,
  lines: (rows: T[]) => Array<Array<string | number | null>>,
  now: Date,
): Promise<Download> {
  const first = await read(undefined);
  async function* chunks() {
    yield csvRow(header);
    let page: Page<T, C> | null = first;
    while (page?.data.length) {
      yield lines(page.data).map(csvRow).join('');
      page = page.meta.next_cursor !== null ? await read(page.meta.next_cursor) : null;
    }
  }
  return { filename: `${name}-${now.toISOString().slice(0, 10)}.csv`, chunks: chunks() };
}

const SHIPMENT_HEADER = [
  'Tracking number',
  'Status',
  'Customer',
  'Order date',
  'Sender',
  'Sender email',
  'Sender phone',
  'Sender address',
  'Recipient',
  'Recipient email',
  'Recipient phone',
  'Recipient address',
  'Origin',
  'Destination',
  'Current location',
  'Package type',
  'Contents',
  'Weight (kg)',
  'Dimensions',
  'Declared value',
  'Courier',
  'Delivery method',
  'Shipping date',
  'Estimated delivery',
  'Delivery date',
  'Created (UTC)',
  // Added last, so the columns a spreadsheet already reads keep their places.
  'Customer reference',
];

const exportedShipmentSchema = shipmentRecordSchema.extend({ customer_name: z.string().nullable() });
type ExportedShipment = z.infer<typeof exportedShipmentSchema>;

/** A shipment's full record with its customer's name, read with the page itself. */
const EXPORT_COLUMNS = `${SHIPMENT_COLUMNS.map((column) => `s.${column}`).join(', ')},
  (SELECT c.name FROM customers c WHERE c.id = s.customer_id) AS customer_name`;

const shipmentLine = (s: ExportedShipment) => [
  s.tracking_number,
  STATUS_LABELS[s.status],
  s.customer_id ? `${s.customer_name ?? ''} (${s.customer_id})` : null,
  s.order_date,
  s.sender_name,
  s.sender_email,
  s.sender_phone,
  s.sender_address,
  s.recipient_name,
  s.recipient_mail,
  s.recipient_phone,
  s.recipient_address,
  s.origin,
  s.destination,
  s.current_location,
  s.package_type,
  s.contents,
  s.weight,
  s.dimensions,
  s.declared_value,
  s.courier,
  s.delivery_method,
  s.shipping_date,
  s.estimated_delivery,
  s.delivery_date,
  s.created_at,
  s.reference,
];

/** The ticked shipments of the list (at most SELECTED_MAX: one page), newest first as the list shows them. */
const selectedShipments = (numbers: string[]): InStatement => ({
  sql: `SELECT ${EXPORT_COLUMNS} FROM shipments s WHERE s.tracking_number IN (${placeholders(numbers)}) ORDER BY s.id DESC`,
  args: numbers,
});

/**
 * The shipments the list's search and filters match, from what `matchingReads` read with the session
 * check (one statement a page, EXPORT_PAGE + 1 rows to know whether more follow), or the ticked ones.
 */
export function exportShipments(
  db: Client,
  { numbers, ...filter }: QueryOf<typeof exportsApi.shipments>,
  planned: ResultSet[],
  now = new Date(),
) {
  const records = async (statement: InStatement) =>
    decodeRows(exportedShipmentSchema, (await db.execute(statement)).rows);
  const pageAfter = everyMatchPages(filter, planned, EXPORT_COLUMNS, EXPORT_PAGE + 1);
  const read = async (after: number | undefined): Promise<Page<ExportedShipment, number>> => {
    if (numbers) return { data: await records(selectedShipments(numbers)), meta: { next_cursor: null } };
    const rows = await records(pageAfter(after));
    const data = rows.slice(0, EXPORT_PAGE);
    const last = data.at(-1);
    return { data, meta: { next_cursor: rows.length > EXPORT_PAGE && last ? last.id : null } };
  };
  return csvExport('shipments', SHIPMENT_HEADER, read, (shipments) => shipments.map(shipmentLine), now);
}

export const exportCustomers = (db: Client, query: QueryOf<typeof exportsApi.customers>, now = new Date()) =>
  csvExport(
    'customers',
    ['Customer', 'Name', 'Contact', 'Email', 'Phone', 'Address', 'Status', 'Shipments', 'Created (UTC)'],
    (cursor) => listCustomers(db, { ...query, limit: EXPORT_PAGE, cursor, before: undefined }),
    (customers) =>
      customers.map((c) => [
        c.id,
        c.name,
        c.contact,
        c.email,
        c.phone,
        c.address,
        CUSTOMER_STATUS_LABELS[c.status],
        c.shipments,
        c.created_at,
      ]),
    now,
  );

export const exportQuoteRequests = (db: Client, query: QueryOf<typeof exportsApi.quoteRequests>, now = new Date()) =>
  csvExport(
    'quote-requests',
    [
      'Received (UTC)',
      'Name',
      'Email',
      'Phone',
      'Service',
      'Origin',
      'Destination',
      'Weight (kg)',
      'Status',
      'Customer',
    ],
    (cursor) => listQuoteRequests(db, { ...query, limit: EXPORT_PAGE, cursor, before: undefined }),
    (quotes) =>
      quotes.map((q) => [
        q.created_at,
        q.name,
        q.email,
        q.phone,
        q.service,
        q.origin,
        q.destination,
        q.weight_kg,
        QUOTE_STATUS_LABELS[q.status],
        q.customer_id,
      ]),
    now,
  );
