import { type SubmitEvent, useEffect, useId, useRef, useState } from 'react';
import { revealAddress } from './tracking-store';
import type { TrackingResult } from './tracking-view';

/**
 * "Show full address" under a found shipment's recipient address: the recipient's email or the last 4 digits
 * of their phone shows the full address (the tracking store asks the server and shows the answer in place).
 * Nothing once it shows, or when this shipment's address cannot be revealed.
 */
export function AddressReveal({ result }: { result: TrackingResult }) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  const id = useId();
  // The person asked for the form: take them to its field.
  useEffect(() => {
    if (open) field.current?.focus();
  }, [open]);
  if (result.address_revealed || !result.can_reveal) return null;
  if (!open) {
    return (
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="mt-2 text-sm font-semibold text-brand-700 underline"
      >
        Show full address
      </button>
    );
  }
  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const proof = String(new FormData(event.currentTarget).get('proof') ?? '').trim();
    if (!proof) {
      setError("Enter the recipient's email or the last 4 digits of their phone");
      return;
    }
    setBusy(true);
    const failure = await revealAddress(result.tracking_number, proof);
    if (failure) setError(failure);
    setBusy(false);
  }
  return (
    <form onSubmit={submit} className="mt-3 flex flex-col gap-2" noValidate>
      <label htmlFor={`${id}-proof`} className="text-sm font-medium text-slate-800">
        Recipient's email or last 4 digits of their phone
      </label>
      <div className="flex gap-2">
        <input
          ref={field}
          id={`${id}-proof`}
          name="proof"
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="min-w-0 flex-1 rounded-lg border border-slate-400 bg-white px-3 py-2"
        />
        <button
          type="submit"
          disabled={busy}
          className="rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white disabled:opacity-70"
        >
          Show address
        </button>
      </div>
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-orange-900">
          {error}
        </p>
      )}
    </form>
  );
}
