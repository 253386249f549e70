import type { InStatement, ResultSet } from '@libsql/client';
import { type Waybills, waybillShipmentSchema } from '@/lib/schemas/waybill';
import { decodeRows } from './rows';
import { settingsFrom, settingsRead } from './settings';
import { placeholders } from './sql';

const COLUMNS = Object.keys(waybillShipmentSchema.shape);

/** The reads of a waybill sheet (the shipments, the company), to go with the session check in one round trip. */
export function waybillReads(numbers: readonly string[]): InStatement[] {
  return [
    {
      sql: `SELECT ${COLUMNS.join(', ')} FROM shipments WHERE tracking_number IN (${placeholders(numbers)})`,
      args: [...numbers],
    },
    settingsRead('company'),
  ];
}

/** The company details and the shipments to print, in the order asked; unknown numbers listed apart. */
export function waybillsFrom(numbers: readonly string[], [shipments, company]: ResultSet[]): Waybills {
  // biome-ignore lint/style/noNonNullAssertion: db.batch answers one result per statement, and this one is in the batch
  const found = new Map(decodeRows(waybillShipmentSchema, shipments!.rows).map((row) => [row.tracking_number, row]));
  return {
    // biome-ignore lint/style/noNonNullAssertion: db.batch answers one result per statement, and this one is in the batch
    company: settingsFrom('company', company!).data,
    shipments: numbers.flatMap((number) => found.get(number) ?? []),
    missing: numbers.filter((number) => !found.has(number)),
  };
}
