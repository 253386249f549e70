import type { Client } from '@libsql/client';
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
import { listShipments } from './shipment-list';
import { placeholders } from './sql';

/**
 * The lists as CSV (`/api/exports/...`): each walks its own list's keyset pages, with the screen's
 * search and filters, EXPORT_PAGE rows at a time as the client takes the file, so 100,000 rows never sit
 * in memory. The first page is read before answering: a database that cannot be reached is a 503, not
 * a broken file.
 */

const EXPORT_PAGE = 500;

interface Page<T> {
  data: T[];
  meta: { next_cursor: string | null };
}

async function csvExport<T>(
  name: string,
  header: string[],
  read: (cursor: string | undefined) => Promise<Page<T>>,
  lines: (rows: T[]) => Promise<Array<Array<string | number | null>>> | Array<Array<string | number | null>>,
  now: Date,
): Promise<Download> {
  const first = await read(undefined);
  async function* chunks() {
    yield csvRow(header);
    let page: Page<T> | null = first;
    while (page?.data.length) {
      yield (await lines(page.data)).map(csvRow).join('');
      page = page.meta.next_cursor ? await read(page.meta.next_cursor) : null;
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
];

const exportedShipmentSchema = shipmentRecordSchema.extend({ customer_name: z.string().nullable() });

/** The full records of a page of the list, in the page's order, with their customer's name. */
async function shipmentLines(db: Client, ids: number[]) {
  const { rows } = await db.execute({
    sql: `SELECT s.*, c.name AS customer_name FROM shipments s LEFT JOIN customers c ON c.id = s.customer_id
          WHERE s.id IN (${placeholders(ids)})`,
    args: ids,
  });
  const byId = new Map(decodeRows(exportedShipmentSchema, rows).map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const s = byId.get(id);
    return s ? [shipmentLine(s)] : [];
  });
}

const shipmentLine = (s: z.infer<typeof exportedShipmentSchema>) => [
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
];

/** The ticked shipments of the list (at most SELECTED_MAX: one page), newest first as the list shows them. */
async function selectedShipments(db: Client, numbers: string[]): Promise<Page<{ id: number }>> {
  const { rows } = await db.execute({
    sql: `SELECT id FROM shipments WHERE tracking_number IN (${placeholders(numbers)}) ORDER BY id DESC`,
    args: numbers,
  });
  return { data: decodeRows(z.object({ id: z.number().int() }), rows), meta: { next_cursor: null } };
}

export const exportShipments = (
  db: Client,
  { numbers, ...query }: QueryOf<typeof exportsApi.shipments>,
  now = new Date(),
) =>
  csvExport(
    'shipments',
    SHIPMENT_HEADER,
    (cursor) =>
      numbers
        ? selectedShipments(db, numbers)
        : listShipments(db, { ...query, limit: EXPORT_PAGE, cursor, before: undefined }),
    (items) =>
      shipmentLines(
        db,
        items.map((item) => item.id),
      ),
    now,
  );

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
