import type { Client, InStatement, ResultSet } from '@libsql/client';
import { z } from 'zod';
import { IMPORT_NOT_FOUND, type importsApi } from '@/lib/api/imports';
import { type FailedRow, failedRowSchema, type ImportSummary, importSummarySchema } from '@/lib/schemas/import';
import { checkRow, IMPORT_FIELD_LABELS, IMPORT_FIELDS, type ImportLine } from '@/lib/schemas/shipment/import-row';
import { statusLabel } from '@/lib/shipment-status';
import { csvRow } from '@/lib/spreadsheet';
import { generateTrackingNumber } from '@/lib/tracking-number';
import { type StaffUser, shipmentActivity } from './activity';
import { type Download, HttpError } from './http';
import { decodeFirst, decodeRows } from './rows';
import { historyEntryStatement, insertReferencedShipmentStatement, noteStatement } from './shipment-statements';
import { placeholders } from './sql';
import { recipientSubscription } from './subscriptions';

/**
 * Importing shipments from a file (the one writer of `imports` and `import_chunks`). The screen parses the file
 * and sends its rows a chunk at a time; here each row is checked again with the New Shipment rules (the browser
 * is never trusted) and the chunk is one transaction: its shipments, each with its first history entry, staff
 * note and activity row, and the chunk's counts. A shipment is inserted only when its reference is new, so a
 * file or a chunk sent again creates nothing. Imported shipments queue no "shipment created" email: a bulk load
 * is not a booking its recipients are waiting to hear about, and it would flood the company's inbox; their
 * recipients still get the status emails that follow.
 */

type Chunk = z.output<typeof importsApi.send.body>;

/** The customer ids a chunk names, as the create schema reads them (trimmed, upper case). */
const customerIdsOf = (rows: readonly ImportLine[]) => [
  ...new Set(rows.map(({ cells }) => cells.customer_id?.trim().toUpperCase()).filter((id): id is string => !!id)),
];

/** What sending a chunk reads in the session check's round trip: which of its customers exist. */
export const chunkReads = (body: Chunk): InStatement[] => {
  const ids = customerIdsOf(body.rows);
  return ids.length
    ? [{ sql: `SELECT id FROM customers WHERE id IN (${placeholders(ids)}) AND erased_at IS NULL`, args: ids }]
    : [];
};

const isTrackingNumberTaken = (error: unknown) =>
  error instanceof Error &&
  /UNIQUE constraint failed: shipments\.tracking_number/.test(`${error.message} ${String(error.cause ?? '')}`);

const DRAWS = 3;

/** Writes one chunk; answers what it did. A drawn tracking number that is taken draws the chunk's again. */
export async function sendChunk(db: Client, body: Chunk, actor: StaffUser, reads: ResultSet[], now = new Date()) {
  const known = new Set((reads[0]?.rows ?? []).map((row) => String(row.id)));
  for (let draw = 1; ; draw++) {
    try {
      return await writeChunk(db, body, actor, known, now.toISOString());
    } catch (error) {
      if (!isTrackingNumberTaken(error) || draw >= DRAWS) throw error;
    }
  }
}

async function writeChunk(db: Client, body: Chunk, actor: StaffUser, known: Set<string>, time: string) {
  const failed: FailedRow[] = [];
  const inserts: number[] = [];
  const numbers: string[] = [];
  const statements: InStatement[] = [
    {
      sql: `INSERT INTO imports (key, file_name, created_by, created_by_email, created_at) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (key) DO NOTHING`,
      args: [body.key, body.file_name, actor.id, actor.email, time],
    },
  ];
  for (const { line, cells } of body.rows) {
    const checked = checkRow(cells);
    if (!checked.ok) {
      failed.push({ line, cells, errors: checked.errors });
      continue;
    }
    const { reference, admin_notes, customer_id, ...row } = checked.row;
    if (customer_id && !known.has(customer_id)) {
      failed.push({ line, cells, errors: { customer_id: ['Unknown customer'] } });
      continue;
    }
    const number = generateTrackingNumber();
    numbers.push(number);
    inserts.push(statements.length);
    statements.push(
      insertReferencedShipmentStatement(
        { ...row, customer_id: customer_id ?? null, tracking_number: number, created_at: time, updated_at: time },
        reference,
      ),
      // Each of these reads the shipment by its new number: it exists only when the insert made it.
      historyEntryStatement(number, { notes: null, place: row.origin, created_at: time }),
      ...(admin_notes ? [noteStatement(number, { text: admin_notes, created_at: time, author: actor })] : []),
      shipmentActivity(
        actor,
        'shipment_created',
        number,
        `Shipment imported from ${body.file_name} (${statusLabel(row.status)})`,
        time,
      ),
      recipientSubscription(number, time),
    );
  }
  const created = numbers.length
    ? { sql: `SELECT count(*) AS n FROM shipments WHERE tracking_number IN (${placeholders(numbers)})`, args: numbers }
    : { sql: 'SELECT 0 AS n', args: [] };
  statements.push(
    {
      sql: `INSERT INTO import_chunks (import_id, chunk, created, skipped, failed, failed_rows, created_at)
            SELECT i.id, ?, c.n, ? - c.n, ?, ?, ? FROM imports i, (${created.sql}) c WHERE i.key = ?
            ON CONFLICT (import_id, chunk) DO NOTHING`,
      args: [body.chunk, numbers.length, failed.length, JSON.stringify(failed), time, ...created.args, body.key],
    },
    { sql: 'SELECT id FROM imports WHERE key = ?', args: [body.key] },
  );
  const results = await db.batch(statements, 'write');
  const made = inserts.filter((index) => results[index]?.rowsAffected).length;
  const importId = decodeFirst(z.object({ id: z.number() }), results.at(-1)?.rows ?? []);
  if (!importId) throw new Error(`Import ${body.key} was not read back after its chunk`);
  return {
    import_id: importId.id,
    created: made,
    skipped: numbers.length - made,
    failed: failed.map(({ line, errors }) => ({ line, errors })),
  };
}

/** The latest imports with their counts, newest first. */
export async function listImports(db: Client): Promise<ImportSummary[]> {
  const { rows } = await db.execute(`
    SELECT i.id, i.file_name, i.created_by_email, i.created_at,
           coalesce(sum(c.created), 0) AS created, coalesce(sum(c.skipped), 0) AS skipped,
           coalesce(sum(c.failed), 0) AS failed
    FROM imports i LEFT JOIN import_chunks c ON c.import_id = i.id
    GROUP BY i.id ORDER BY i.created_at DESC, i.id DESC LIMIT 50`);
  return decodeRows(importSummarySchema, rows);
}

const failedRowsSchema = z.object({
  failed_rows: z
    .string()
    .transform((text) => JSON.parse(text) as unknown)
    .pipe(z.array(failedRowSchema)),
});

/** The errors of a row as one cell: "Weight (kg): Must be a number; …". */
const errorsText = (errors: FailedRow['errors']) =>
  Object.entries(errors)
    .map(([field, messages]) => {
      const label = field in IMPORT_FIELD_LABELS ? IMPORT_FIELD_LABELS[field as keyof typeof IMPORT_FIELD_LABELS] : '';
      return `${label ? `${label}: ` : ''}${messages.join(', ')}`;
    })
    .join('; ');

/**
 * An import's failed rows as CSV: the template's headings (so the fixed file maps by itself), each row's cells
 * as sent, then its line in the original file and its errors (columns an import ignores). Formula-safe.
 */
export async function failedRowsCsv(db: Client, importId: number): Promise<Download> {
  const [found, chunks] = await db.batch(
    [
      { sql: 'SELECT id FROM imports WHERE id = ?', args: [importId] },
      {
        sql: 'SELECT failed_rows FROM import_chunks WHERE import_id = ? AND failed > 0 ORDER BY chunk',
        args: [importId],
      },
    ],
    'read',
  );
  if (!found?.rows.length) throw new HttpError(404, IMPORT_NOT_FOUND);
  const rows = decodeRows(failedRowsSchema, chunks?.rows ?? []).flatMap(({ failed_rows }) => failed_rows);
  async function* lines() {
    yield csvRow([...IMPORT_FIELDS.map((field) => IMPORT_FIELD_LABELS[field]), 'Line', 'Errors']);
    for (const { line, cells, errors } of rows) {
      yield csvRow([...IMPORT_FIELDS.map((field) => cells[field] ?? ''), line, errorsText(errors)]);
    }
  }
  return { filename: `import-${importId}-failed-rows.csv`, chunks: lines() };
}
