import { toast } from 'sonner';
import { ApiError } from '../../../api/client';
import { failureMessage } from '../../../stores/load';

// What the steps of the two-factor dialog share: a failure said inside the dialog, and a copy to the
// clipboard (of the secret key or the recovery codes).

/** Why a call failed, for a message inside a dialog (a toast would sit behind the modal). */
export function dialogFailure(error: unknown, fallback: string): string | null {
  if (error instanceof ApiError && error.status === 429 && error.retryAfterSeconds) {
    const minutes = Math.ceil(error.retryAfterSeconds / 60);
    return `${error.message || 'Too many attempts.'} Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
  }
  return failureMessage(error, fallback);
}

export async function copyText(value: string, what: string) {
  try {
    await navigator.clipboard.writeText(value);
    toast.success(`${what} copied.`);
  } catch {
    toast.error(`Could not copy: select the ${what.toLowerCase()} and copy it.`);
  }
}
