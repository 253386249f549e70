import type { Client } from '@libsql/client';

export interface TrackingHistory {
  id: number;
  status: string;
  created_at: string;
  notes: string | null;
}

export interface PublicTracking {
  tracking_number: string;
  sender_name: string;
  recipient_address: string;
  weight: number | null;
  status: string;
  destination: string;
  histories: TrackingHistory[];
}

/** The public view of a shipment: only what the tracking page shows, histories oldest first. */
export async function findPublicTracking(db: Client, trackingNumber: string): Promise<PublicTracking | null> {
  const [shipments, histories] = await db.batch(
    [
      {
        sql: `SELECT tracking_number, sender_name, recipient_address, weight, status, destination
              FROM shipments WHERE tracking_number = ?`,
        args: [trackingNumber],
      },
      {
        sql: `SELECT h.id, h.status, h.created_at, h.notes
              FROM shipment_histories h JOIN shipments s ON s.id = h.shipment_id
              WHERE s.tracking_number = ? ORDER BY h.created_at, h.id`,
        args: [trackingNumber],
      },
    ],
    'read',
  );
  const row = shipments!.rows[0];
  if (!row) return null;
  return {
    tracking_number: String(row.tracking_number),
    sender_name: String(row.sender_name),
    recipient_address: String(row.recipient_address),
    weight: row.weight === null ? null : Number(row.weight),
    status: String(row.status),
    destination: String(row.destination),
    histories: histories!.rows.map((history) => ({
      id: Number(history.id),
      status: String(history.status),
      created_at: String(history.created_at),
      notes: history.notes === null ? null : String(history.notes),
    })),
  };
}
