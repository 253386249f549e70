import { randomUUID } from 'node:crypto';
import type { Client } from '@libsql/client';
import { insertShipmentStatement } from '../../netlify/lib/shipment-statements';

/** A shipment of this test's own, with its history entries (status and time each), the last being its state. */
export async function shipmentWith(
  db: Client,
  entries: Array<{ status: string; at: Date; reason?: string; notes?: string }>,
  fields: { estimated_delivery?: string; recipient_mail?: string; recipient_name?: string } = {},
): Promise<string> {
  // Random, so test processes and browser test workers sharing a database never draw the same number.
  const trackingNumber = `NECX${randomUUID().replace(/-/g, '').slice(0, 8).toUpperCase()}`;
  const last = entries.at(-1)!;
  await db.batch(
    [
      insertShipmentStatement({
        tracking_number: trackingNumber,
        status: last.status as never,
        sender_name: 'Sam Sender',
        recipient_name: fields.recipient_name ?? 'Rita Recipient',
        recipient_address: '1 Main Street, Sacramento, United States',
        recipient_mail: fields.recipient_mail ?? 'rita@example.com',
        origin: 'London, United Kingdom',
        destination: 'Sacramento, United States',
        estimated_delivery: fields.estimated_delivery ?? null,
        created_at: entries[0]!.at.toISOString(),
        updated_at: last.at.toISOString(),
      }),
      ...entries.map((entry) => ({
        sql: `INSERT INTO shipment_histories (shipment_id, status, reason, notes, created_at)
              SELECT id, ?, ?, ?, ? FROM shipments WHERE tracking_number = ?`,
        args: [entry.status, entry.reason ?? null, entry.notes ?? null, entry.at.toISOString(), trackingNumber],
      })),
    ],
    'write',
  );
  return trackingNumber;
}

export const hoursAgo = (hours: number, now = Date.now()) => new Date(now - hours * 3600 * 1000);
