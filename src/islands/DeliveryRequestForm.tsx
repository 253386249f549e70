import { type SubmitEvent, useId, useState } from 'react';
import { formatDay } from '@/lib/date-display';
import { INSTRUCTION_LABELS, INSTRUCTION_PLACES } from '@/lib/delivery-request';
import { requestDelivery } from './delivery-request';
import type { TrackingResult } from './tracking-view';

type Problems = { message: string; errors: Record<string, string[]> } | null;

const buttonClass = 'rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white disabled:opacity-70';
const fieldClass = 'rounded-lg border border-slate-400 bg-white px-3 py-2';

/** The recipient's latest request in words, as the server keeps it. */
function asked(request: NonNullable<TrackingResult['delivery_request']>): string {
  const what =
    request.kind === 'redelivery' && request.delivery_day
      ? `delivery on ${formatDay(request.delivery_day)}`
      : `these instructions: ${request.instructions ?? ''}`;
  return `You asked for ${what}${request.handled ? '. We have acted on it.' : '. We will confirm it here.'}`;
}

/**
 * After the reveal: the recipient picks another delivery day among those the server offers (the next business
 * days in the company's zone, its closed days left out), or leaves instructions for the driver. What they asked
 * for shows here once the server has it.
 */
export default function DeliveryRequestForm({ result }: { result: TrackingResult }) {
  const id = useId();
  const [problems, setProblems] = useState<Problems>(null);
  const [busy, setBusy] = useState(false);
  const days = result.delivery_days;

  async function send(body: Parameters<typeof requestDelivery>[1]) {
    setBusy(true);
    setProblems(await requestDelivery(result.tracking_number, body));
    setBusy(false);
  }
  function pickDay(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const day = String(new FormData(event.currentTarget).get('delivery_day') ?? '');
    void send({ kind: 'redelivery', delivery_day: day });
  }
  function leaveInstructions(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    void send({
      kind: 'instructions',
      place: String(form.get('place') ?? '') as (typeof INSTRUCTION_PLACES)[number],
      details: String(form.get('details') ?? ''),
    });
  }
  const errorOf = (field: string) => problems?.errors[field]?.join(' ');
  const general = problems && Object.keys(problems.errors).length === 0 ? problems.message : null;

  return (
    <div className="mt-4 flex flex-col gap-4 border-t border-amber-300 pt-4">
      {result.delivery_request ? (
        <p role="status" className="font-medium" data-testid="delivery-request">
          {asked(result.delivery_request)}
        </p>
      ) : null}
      {days.length > 0 ? (
        <form onSubmit={pickDay} noValidate>
          <fieldset aria-describedby={errorOf('delivery_day') ? `${id}-day-error` : undefined}>
            <legend className="font-semibold">Choose another delivery day</legend>
            <div className="mt-2 flex flex-wrap gap-2">
              {days.map((day, index) => (
                <label
                  key={day}
                  className="flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2"
                >
                  <input type="radio" name="delivery_day" value={day} defaultChecked={index === 0} />
                  {formatDay(day)}
                </label>
              ))}
            </div>
            {errorOf('delivery_day') ? (
              <p id={`${id}-day-error`} className="mt-1 text-sm font-medium text-orange-900">
                {errorOf('delivery_day')}
              </p>
            ) : null}
          </fieldset>
          <button type="submit" disabled={busy} className={`${buttonClass} mt-2`}>
            Ask for this day
          </button>
        </form>
      ) : null}
      <form onSubmit={leaveInstructions} noValidate className="flex flex-col gap-2">
        <p className="font-semibold">Or leave instructions for the driver</p>
        <label htmlFor={`${id}-place`} className="text-sm font-medium">
          Where to leave it
        </label>
        <select id={`${id}-place`} name="place" className={fieldClass}>
          {INSTRUCTION_PLACES.map((place) => (
            <option key={place} value={place}>
              {INSTRUCTION_LABELS[place]}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-details`} className="text-sm font-medium">
          Where exactly (the place, or the neighbour's name and door)
        </label>
        <input
          id={`${id}-details`}
          name="details"
          maxLength={300}
          aria-invalid={errorOf('details') ? true : undefined}
          aria-describedby={errorOf('details') ? `${id}-details-error` : undefined}
          className={fieldClass}
        />
        {errorOf('details') ? (
          <p id={`${id}-details-error`} className="text-sm font-medium text-orange-900">
            {errorOf('details')}
          </p>
        ) : null}
        <div>
          <button type="submit" disabled={busy} className={buttonClass}>
            Leave instructions
          </button>
        </div>
      </form>
      {general ? <p className="text-sm font-medium text-orange-900">{general}</p> : null}
    </div>
  );
}
