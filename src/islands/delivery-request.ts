import type { DeliveryRequestInput } from '@/lib/schemas/exception-request';
import { showResult } from './tracking-store';
import type { TrackingResult } from './tracking-view';

/**
 * The recipient's request (another delivery day, or instructions) for a revealed shipment: shown in place
 * when accepted. Answers the field errors or the message of a refusal, or null.
 */
export async function requestDelivery(
  trackingNumber: string,
  request: DeliveryRequestInput,
): Promise<{ message: string; errors: Record<string, string[]> } | null> {
  try {
    const response = await fetch(`/api/tracking/${encodeURIComponent(trackingNumber)}/delivery-request`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(request),
    });
    const body: { data?: TrackingResult; message?: string; errors?: Record<string, string[]> } = await response.json();
    if (response.ok && body.data) {
      showResult(body.data);
      return null;
    }
    return { message: body.message ?? 'Could not send your request.', errors: body.errors ?? {} };
  } catch {
    return { message: 'Could not send your request. Please try again.', errors: {} };
  }
}
