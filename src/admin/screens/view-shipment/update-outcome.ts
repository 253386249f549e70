import type { FieldErrors as FormErrors } from 'react-hook-form';
import { toast } from 'sonner';
import type { Shipment } from '@/lib/schemas/shipment/shipment';
import type { ApiError } from '../../api/client';
import { showShipment } from '../../stores/shipment';

// What the view screen's two update forms (status, location) do with an outcome: a success shows the
// shipment the server answered and clears the form; a refusal says what went wrong; a form the browser
// refused says its first fault.

/**
 * Sends an update and settles it: the answered shipment is shown, the form cleared and a toast says so;
 * a refusal (`refusal` puts its field errors on the form, null when there is nothing to say) is toasted as
 * `failure` words it.
 */
export async function sendUpdate(
  send: () => Promise<{ data: Shipment }>,
  {
    success,
    reset,
    refusal,
    failure,
  }: {
    success: string;
    reset: () => void;
    refusal: (error: unknown) => ApiError | null;
    failure: (refused: ApiError) => string;
  },
) {
  try {
    showShipment((await send()).data);
    reset();
    toast.success(success);
  } catch (error) {
    const refused = refusal(error);
    if (refused) toast.error(failure(refused));
  }
}

/** The first message of a form's faults, for the toast of a refused submit. */
export const firstMessage = (errors: FormErrors): string =>
  Object.values(errors)
    .find((error) => typeof error?.message === 'string')
    ?.message?.toString() ?? 'Please check the form.';
