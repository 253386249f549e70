import type { Client } from '@libsql/client';
import { type Waybills, waybillShipmentSchema } from '@/lib/schemas/waybill';
import { readCompany } from './notification-settings';
import { decodeRows } from './rows';
import { placeholders } from './sql';

const COLUMNS = Object.keys(waybillShipmentSchema.shape);

/** The company details and the shipments to print, in the order asked; unknown numbers listed apart. */
export async function findWaybills(db: Client, numbers: readonly string[]): Promise<Waybills> {
  const { rows } = await db.execute({
    sql: `SELECT ${COLUMNS.join(', ')} FROM shipments WHERE tracking_number IN (${placeholders(numbers)})`,
    args: [...numbers],
  });
  const found = new Map(decodeRows(waybillShipmentSchema, rows).map((row) => [row.tracking_number, row]));
  return {
    company: await readCompany(db),
    shipments: numbers.flatMap((number) => found.get(number) ?? []),
    missing: numbers.filter((number) => !found.has(number)),
  };
}
