import { z } from 'zod';
import { optionalText, requiredText } from '../fields';
import { optionalDate, optionalDateTime } from './dates';
import { deprecatedEta, withoutEta } from './eta';
import { statusNeedingDetails } from './reason';
import { shipmentStatusSchema } from './status';

// The Manage Shipments add dialog: a shipment from a customer, its route and a first note.

/** The Manage Shipments add dialog (`POST /api/shipments`). `customer` is a customer id (CUS-####) or exact name. */
export const shipmentDialogSchema = z
  .object({
    customer: requiredText(200, 'Customer'),
    origin: requiredText(200, 'Origin'),
    destination: requiredText(200, 'Destination'),
    /** Estimated delivery: the date promised to the customer. */
    estimated_delivery: optionalDate,
    /** Next arrival: the date and time the shipment reaches its next stop. */
    arrival_time: optionalDateTime,
    eta: deprecatedEta,
    type: optionalText(100),
    status: shipmentStatusSchema,
    /** The first staff note. */
    notes: optionalText(2000, { multiline: true }),
  })
  // A failed attempt, an exception or a pickup at a depot carries details the dialog does not ask for.
  .superRefine((shipment, context) => {
    const needs = statusNeedingDetails(shipment.status);
    if (needs) context.addIssue({ code: 'custom', path: ['status'], message: needs });
  })
  .transform(withoutEta);
export type ShipmentDialogInput = z.infer<typeof shipmentDialogSchema>;
