import { invalidInput } from './http';

/** The shipment of the path, which the body's tracking number must name too (422 otherwise). */
export function samePathNumber(pathNumber: string, bodyNumber: string): string {
  if (bodyNumber !== pathNumber) {
    throw invalidInput({ tracking_number: ['Must match the tracking number in the address'] });
  }
  return pathNumber;
}
