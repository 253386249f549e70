import type { InStatement, ResultSet } from '@libsql/client';
import { type Waybills, waybillRowSchema } from '@/lib/schemas/waybill';
import { pieceLabelRows, selectPiecesOf } from './pieces';
import { decodeRows } from './rows';
import { settingsFrom, settingsRead } from './settings';
import { placeholders } from './sql';

const COLUMNS = Object.keys(waybillRowSchema.shape);

/** The reads of a waybill sheet (the shipments, their pieces, the company), to go with the session check. */
export function waybillReads(numbers: readonly string[]): InStatement[] {
  return [
    {
      sql: `SELECT ${COLUMNS.join(', ')} FROM shipments WHERE tracking_number IN (${placeholders(numbers)})`,
      args: [...numbers],
    },
    selectPiecesOf(numbers),
    settingsRead('company'),
  ];
}

/** The company details and the shipments to print with their pieces, in the order asked; unknown numbers apart. */
export function waybillsFrom(numbers: readonly string[], [shipments, pieces, company]: ResultSet[]): Waybills {
  // biome-ignore lint/style/noNonNullAssertion: db.batch answers one result per statement, and this one is in the batch
  const found = new Map(decodeRows(waybillRowSchema, shipments!.rows).map((row) => [row.tracking_number, row]));
  // biome-ignore lint/style/noNonNullAssertion: db.batch answers one result per statement, and this one is in the batch
  const piecesOf = pieceLabelRows(pieces!.rows);
  return {
    // biome-ignore lint/style/noNonNullAssertion: db.batch answers one result per statement, and this one is in the batch
    company: settingsFrom('company', company!).data,
    shipments: numbers.flatMap((number) => {
      const row = found.get(number);
      return row ? [{ ...row, pieces: piecesOf.get(number) ?? [] }] : [];
    }),
    missing: numbers.filter((number) => !found.has(number)),
  };
}
