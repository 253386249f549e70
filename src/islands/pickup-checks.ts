import { type FieldErrors, fieldErrors } from '@/lib/field-errors';
import { type PickupRequest, pickupRequestSchema } from '@/lib/schemas/pickup';

// Loaded when the pickup form is first used, not with the page: zod and the schema are most of the
// form's weight, and the server checks the same schema (and the company's calendar) whatever the page did.

export type PickupCheck = { ok: true; pickup: PickupRequest } | { ok: false; errors: FieldErrors };

/** The form's fields checked with the schema the server uses, so the messages are the same. */
export function checkPickup(fields: Record<string, unknown>): PickupCheck {
  const result = pickupRequestSchema.safeParse(fields);
  return result.success ? { ok: true, pickup: result.data } : { ok: false, errors: fieldErrors(result.error) };
}
