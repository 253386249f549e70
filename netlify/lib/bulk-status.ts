import type { Client } from '@libsql/client';
import { z } from 'zod';
import type { BulkStatusInput, BulkStatusResult, UnchangedReason } from '@/lib/schemas/shipment/bulk-status';
import { MATCHING_MAX, type ShipmentFilter } from '@/lib/schemas/shipment/selection';
import { FINAL_STATUSES, SHIPMENT_STATUSES } from '@/lib/shipment-status';
import type { StaffUser } from './activity';
import { invalidInput } from './http';
import { decodeRows } from './rows';
import { listShipments } from './shipment-list';
import { bulkStatusChange } from './shipments';
import { placeholders } from './sql';

/**
 * The list's bulk status change (`POST /api/bulk/status`): the selection is read (the numbers given, or
 * every match of the list's filters, read as the list reads them), then written CHUNK shipments at a
 * time, each chunk one transaction that first reads its shipments' statuses: what it then changes is
 * exactly what that read says may change, so the answer's reasons are the batch's own.
 */

const CHUNK = 100;

/** The numbers of every shipment the list's search and filters match, newest first; 422 on `filter` past the cap. */
async function matchingNumbers(db: Client, filter: ShipmentFilter): Promise<string[]> {
  const page = await listShipments(db, { ...filter, limit: MATCHING_MAX, cursor: undefined, before: undefined });
  if (page.meta.next_cursor) {
    throw invalidInput({
      filter: [`These filters match more than ${MATCHING_MAX} shipments: narrow them, or select rows`],
    });
  }
  return page.data.map((item) => item.tracking_number);
}

const currentRow = z.object({ tracking_number: z.string(), status: z.enum(SHIPMENT_STATUSES) });

function reasonOf(status: BulkStatusInput['status'], current: BulkStatusInput['status'] | undefined) {
  if (current === undefined) return 'not_found';
  if (current === status) return 'already_in_status';
  if (FINAL_STATUSES.includes(current)) return 'final_status';
  return null;
}

export async function changeStatuses(
  db: Client,
  input: BulkStatusInput,
  actor: StaffUser,
  now = new Date(),
): Promise<BulkStatusResult> {
  // biome-ignore lint/style/noNonNullAssertion: the body's schema requires the numbers or the filter
  const numbers = input.tracking_numbers ?? (await matchingNumbers(db, input.filter!));
  const time = now.toISOString();
  const changed: string[] = [];
  const unchanged: Array<{ tracking_number: string; reason: UnchangedReason }> = [];
  for (let start = 0; start < numbers.length; start += CHUNK) {
    const chunk = numbers.slice(start, start + CHUNK);
    const [before] = await db.batch(
      [
        {
          sql: `SELECT tracking_number, status FROM shipments WHERE tracking_number IN (${placeholders(chunk)})`,
          args: chunk,
        },
        ...chunk.flatMap((number) => bulkStatusChange(number, input, actor, time)),
      ],
      'write',
    );
    // biome-ignore lint/style/noNonNullAssertion: db.batch answers one result per statement, and this one is in the batch
    const current = new Map(decodeRows(currentRow, before!.rows).map((row) => [row.tracking_number, row.status]));
    for (const number of chunk) {
      const reason = reasonOf(input.status, current.get(number));
      if (reason) unchanged.push({ tracking_number: number, reason });
      else changed.push(number);
    }
  }
  const count = (reason: UnchangedReason) => unchanged.filter((item) => item.reason === reason).length;
  return {
    status: input.status,
    changed,
    unchanged,
    counts: {
      changed: changed.length,
      already_in_status: count('already_in_status'),
      final_status: count('final_status'),
      not_found: count('not_found'),
    },
  };
}
