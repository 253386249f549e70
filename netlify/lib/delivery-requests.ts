import type { Client } from '@libsql/client';
import { z } from 'zod';
import { TRACKING_NOT_FOUND } from '@/lib/api/tracking';
import { INSTRUCTION_LABELS, REDELIVERY_DAYS } from '@/lib/delivery-request';
import { closedDayMessage } from '@/lib/pickup-hours';
import type { DeliveryRequestInput } from '@/lib/schemas/exception-request';
import type { TrackingResult } from '@/lib/schemas/tracking';
import { FINAL_STATUSES } from '@/lib/shipment-status';
import { deliveryDaysFrom, deliveryDaysReads } from './delivery-days';
import { HttpError, invalidInput } from './http';
import { clientNetwork, countRequest } from './rate-limit';
import { decodeFirst, sqlBoolean } from './rows';
import { placeholders } from './sql';
import { hashToken } from './tokens';
import { publicTrackingStatement, publicTrackings, REVEALED } from './tracking';

/**
 * The recipient's requests from the public page: another delivery day or instructions for the driver.
 * Only a browser that revealed the address (proved it is the recipient) may ask; asking is throttled
 * per shipment and client and per client; each request lands in the exceptions queue until staff act.
 * The one writer of delivery_requests (staff's actions mark them handled, exception-actions.ts).
 */

export const REQUEST_LIMITS = {
  perShipmentAndClient: { limit: 5, windowSeconds: 24 * 60 * 60 },
  perClient: { limit: 20, windowSeconds: 60 * 60 },
} as const;

export const REVEAL_FIRST = 'Show the full address first: only the recipient can change the delivery.';
const DONE = 'This shipment is delivered or returned: there is no delivery left to change.';

const shipmentSchema = z.object({ id: z.number().int(), status: z.string(), revealed: sqlBoolean });

export async function requestDelivery(
  db: Client,
  trackingNumber: string,
  input: DeliveryRequestInput,
  { token, client, now = new Date() }: { token: string | null; client: string; now?: Date },
): Promise<TrackingResult> {
  const network = clientNetwork(client);
  const perClient = countRequest({ key: `delivery-request:${network}`, ...REQUEST_LIMITS.perClient }, now.getTime());
  const perShipment = countRequest(
    { key: `delivery-request:${trackingNumber}:${network}`, ...REQUEST_LIMITS.perShipmentAndClient },
    now.getTime(),
  );
  const time = now.toISOString();
  const counted = await db.batch(
    [
      ...perClient.statements,
      ...perShipment.statements,
      ...deliveryDaysReads(),
      {
        sql: `SELECT s.id, s.status, ${REVEALED} AS revealed FROM shipments s WHERE s.tracking_number = ?`,
        args: [token ? hashToken(token) : '', time, trackingNumber],
      },
    ],
    'write',
  );
  perClient.check(counted);
  perShipment.check(counted, perClient.statements.length);
  const found = counted.at(-1);
  if (!found) throw new Error('A delivery request needs the answer of its shipment read');
  const offered = deliveryDaysFrom(counted.slice(-3, -1), now);
  const shipment = decodeFirst(shipmentSchema, found.rows);
  if (!shipment) throw new HttpError(404, TRACKING_NOT_FOUND);
  if (!shipment.revealed) throw new HttpError(403, REVEAL_FIRST);

  if (input.kind === 'redelivery') {
    if (offered.closed.includes(input.delivery_day)) {
      throw invalidInput({ delivery_day: [closedDayMessage(input.delivery_day)] });
    }
    if (!offered.days.includes(input.delivery_day)) {
      throw invalidInput({ delivery_day: [`Choose one of the next ${REDELIVERY_DAYS} business days`] });
    }
  }
  const instructions = input.kind === 'instructions' ? `${INSTRUCTION_LABELS[input.place]}: ${input.details}` : null;
  const written = await db.batch(
    [
      {
        sql: `INSERT INTO delivery_requests (shipment_id, kind, delivery_day, instructions, created_at)
              SELECT id, ?, ?, ?, ? FROM shipments WHERE id = ? AND status NOT IN (${placeholders(FINAL_STATUSES)})`,
        args: [
          input.kind,
          input.kind === 'redelivery' ? input.delivery_day : null,
          instructions,
          time,
          shipment.id,
          ...FINAL_STATUSES,
        ],
      },
      publicTrackingStatement([trackingNumber], token, now),
    ],
    'write',
  );
  if (written[0]?.rowsAffected === 0) throw new HttpError(409, DONE);
  const answer = written.at(-1);
  const data = answer && publicTrackings(answer, offered.days).get(trackingNumber);
  if (!data) throw new HttpError(404, TRACKING_NOT_FOUND);
  return data;
}
