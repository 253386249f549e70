import { DEPOTS } from '@/data/depots';
import { formatDay } from '@/lib/date-display';
import type { DeliveryReason } from '@/lib/shipment-status';
import type { TrackingResult } from './tracking-view';

/** Each reason as the recipient reads it: what happened, in a sentence's words. */
const PLAIN_REASONS: Record<Exclude<DeliveryReason, 'other'>, string> = {
  recipient_not_home: 'nobody was home to receive it',
  refused: 'it was refused at the address',
  address_incorrect: 'the address is incorrect or incomplete',
  business_closed: 'the business was closed',
  no_safe_place: 'there was no safe place to leave it',
  access_restricted: 'we could not get to the door',
  damaged: 'it was damaged',
  lost: 'it is missing and we are looking for it',
  customs_hold: 'it is held at customs',
  weather: 'of bad weather',
  vehicle_breakdown: 'our vehicle broke down',
};

/** What the page tells the recipient: what happened, and what happens next. */
export interface NextStepWords {
  happened: string | null;
  next: string | null;
  /** The depot's address, when the parcel waits there. */
  depot: string | null;
}

/** The newest entry's reason, in plain words (`other` in staff's words, the entry's note). */
function why(result: TrackingResult): string | null {
  const entry = [...result.histories].reverse().find((each) => each.status === result.status);
  if (!entry?.reason) return null;
  if (entry.reason === 'other') return entry.notes;
  return PLAIN_REASONS[entry.reason];
}

/**
 * The next step of a failed attempt, a parcel at a depot, an exception or a return; nothing for a
 * parcel on its way. `today` is the viewer's date (YYYY-MM-DD): an attempt scheduled before it is past.
 */
export function nextStepOf(result: TrackingResult, today: string): NextStepWords | null {
  const reason = why(result);
  const request = result.delivery_request;
  const asked =
    request && !request.handled && request.kind === 'redelivery' && request.delivery_day
      ? `You asked for delivery on ${formatDay(request.delivery_day)}: we will confirm it here.`
      : null;
  switch (result.status) {
    case 'delivery_failed':
      return {
        happened: `We could not deliver your parcel${reason ? `: ${reason}` : ''}.`,
        next:
          result.next_attempt_on && result.next_attempt_on >= today
            ? `We will try again on ${formatDay(result.next_attempt_on)}.`
            : (asked ?? 'We will arrange another attempt and show its day here.'),
        depot: null,
      };
    case 'available_for_pickup': {
      const depot = DEPOTS.find((each) => each.code === result.pickup_depot);
      return {
        happened: reason ? `We could not deliver your parcel: ${reason}.` : null,
        next: depot
          ? `Collect at our ${depot.city} depot${result.pickup_until ? ` until ${formatDay(result.pickup_until)}` : ''}, bring ID.`
          : 'Your parcel is ready for collection, bring ID.',
        depot: depot?.address ?? null,
      };
    }
    case 'exception':
      return {
        happened: `Your parcel is held up${reason ? `: ${reason}` : ''}.`,
        next: asked ?? 'We are working on it and will update this page.',
        depot: null,
      };
    case 'returned_to_sender':
      return { happened: 'Your parcel is being returned to the sender.', next: null, depot: null };
    default:
      return asked ? { happened: null, next: asked, depot: null } : null;
  }
}
