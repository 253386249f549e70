import { z } from 'zod';
import { type ShipmentStatus, STATUS_LABELS } from '@/lib/shipment-status';
import { selectionFields, selectionIssue } from './selection';
import { shipmentStatusValueSchema } from './status';
import { statusChangeFields, statusChangeRules } from './status-update';

// A status change of many shipments at once (the list's Change status): the same fields and rules as one
// shipment's Update Status, for a selection; the answer says how many changed and why the others did not.

/** `POST /api/bulk/status`: a selection (numbers or the list's filters) and the status change for each. */
export const bulkStatusSchema = z.object({ ...selectionFields, ...statusChangeFields }).superRefine((body, context) => {
  const selection = selectionIssue(body);
  if (selection) context.addIssue({ code: 'custom', ...selection });
  statusChangeRules(body, context);
});
export type BulkStatusInput = z.infer<typeof bulkStatusSchema>;

/** Why a selected shipment was left as it was. */
export const UNCHANGED_REASONS = ['already_in_status', 'final_status', 'not_found'] as const;
export type UnchangedReason = (typeof UNCHANGED_REASONS)[number];

/** Each reason in words, for the result shown after a bulk change (`status` is the status asked for). */
export const unchangedReasonLabel = (reason: UnchangedReason, status: ShipmentStatus, count: number) => {
  const them = count === 1 ? 'it' : 'them';
  if (reason === 'already_in_status') return `already ${STATUS_LABELS[status]}`;
  if (reason === 'final_status') return `delivered or returned (change ${them} one at a time)`;
  return 'not found';
};

export const bulkStatusResultSchema = z.object({
  status: shipmentStatusValueSchema,
  /** The tracking numbers whose status changed, each with one history entry. */
  changed: z.array(z.string()),
  unchanged: z.array(z.object({ tracking_number: z.string(), reason: z.enum(UNCHANGED_REASONS) })),
  /** How many changed, and how many were left for each reason. */
  counts: z.object({
    changed: z.number().int(),
    already_in_status: z.number().int(),
    final_status: z.number().int(),
    not_found: z.number().int(),
  }),
});
export type BulkStatusResult = z.infer<typeof bulkStatusResultSchema>;
