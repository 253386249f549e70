import type { FieldErrors as FormErrors } from 'react-hook-form';
import { toast } from 'sonner';
import type { Shipment } from '@/lib/schemas/shipment/shipment';
import { showShipment } from '../../stores/shipment';

// What the view screen's two update forms (status, location) do with an outcome: a success shows the
// shipment the server answered and clears the form; a form the browser refused says its first fault.

/** After a successful update: the answered shipment is shown, the form cleared, a toast says so. */
export function useUpdated(success: string, reset: () => void) {
  return (shipment: Shipment) => {
    showShipment(shipment);
    reset();
    toast.success(success);
  };
}

/** The first message of a form's faults, for the toast of a refused submit. */
export const firstMessage = (errors: FormErrors): string =>
  Object.values(errors)
    .find((error) => typeof error?.message === 'string')
    ?.message?.toString() ?? 'Please check the form.';
