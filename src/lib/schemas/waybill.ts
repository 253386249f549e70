import { z } from 'zod';
import { normalizeTrackingNumber, trackingNumberProblem } from '@/lib/tracking-number';
import { companySettingsValueSchema } from './settings';
import { pieceSchema } from './shipment/pieces';
import { shipmentRecordSchema } from './shipment/record';
import { noControlCharacters } from './text';

/** What a waybill prints of a shipment's row. */
export const waybillRowSchema = shipmentRecordSchema.pick({
  tracking_number: true,
  status: true,
  order_date: true,
  courier: true,
  sender_name: true,
  sender_address: true,
  sender_phone: true,
  recipient_name: true,
  recipient_address: true,
  recipient_phone: true,
  weight: true,
  dimensions: true,
  package_type: true,
  contents: true,
  declared_value: true,
  origin: true,
  destination: true,
  shipping_date: true,
  estimated_delivery: true,
  delivery_method: true,
  reference: true,
});

/** What a waybill prints of a shipment: its row and its pieces, one label each. */
const waybillShipmentSchema = waybillRowSchema.extend({
  pieces: z.array(pieceSchema.omit({ delivered_at: true })),
});
export type WaybillShipment = z.infer<typeof waybillShipmentSchema>;

export const WAYBILLS_MAX = 100;

/** `GET /api/waybills?numbers=NEC…,NEC…`: the shipments to print, in the order given, without repeats. */
export const waybillQuerySchema = z.object({
  numbers: z
    .string({ error: 'Tracking numbers are required' })
    .check(noControlCharacters())
    .max(WAYBILLS_MAX * 14, 'Too many tracking numbers')
    .transform((value, context) => {
      const numbers = [...new Set(value.split(',').map(normalizeTrackingNumber).filter(Boolean))];
      if (numbers.length === 0) context.addIssue({ code: 'custom', message: 'Tracking numbers are required' });
      if (numbers.length > WAYBILLS_MAX) {
        context.addIssue({ code: 'custom', message: `At most ${WAYBILLS_MAX} tracking numbers` });
      }
      const bad = numbers.find((number) => trackingNumberProblem(number));
      if (bad) context.addIssue({ code: 'custom', message: `${bad}: ${trackingNumberProblem(bad)}` });
      return numbers;
    })
    .meta({ description: 'Comma-separated tracking numbers (at most 100)' }),
});

export const waybillsSchema = z.object({
  /** Settings > General. */
  company: companySettingsValueSchema,
  shipments: z.array(waybillShipmentSchema),
  /** Numbers asked for that name no shipment. */
  missing: z.array(z.string()),
});
export type Waybills = z.infer<typeof waybillsSchema>;
