import { normalizeTrackingNumber, trackingNumberProblem } from '@/lib/tracking-number';
import { type FunctionContext, HttpError, invalidInput, pathParam } from './http';
import { SHIPMENT_NOT_FOUND } from './shipment-read';

/** The tracking number in an admin call's path, normalized; a malformed one cannot exist, so it is a 404. */
export function shipmentPathNumber(request: Request, context: FunctionContext, pattern: string): string {
  const trackingNumber = normalizeTrackingNumber(pathParam(request, context, pattern, 'trackingNumber'));
  if (trackingNumberProblem(trackingNumber)) throw new HttpError(404, SHIPMENT_NOT_FOUND);
  return trackingNumber;
}

/** The body's tracking number must name the shipment of the path. */
export function assertBodyMatchesPath(bodyNumber: string, pathNumber: string): void {
  if (bodyNumber !== pathNumber) {
    throw invalidInput({ tracking_number: ['Must match the tracking number in the address'] });
  }
}
