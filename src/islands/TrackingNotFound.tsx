import { typoHint } from './tracking-view';

// What the tracking page says for a number it did not find (or that is malformed): what to check on the
// receipt, the look-alike characters the number holds, and the way to ask us.

/** What to check for a number that was not found or is malformed, with the way to ask us. */
export function FailureHelp({ number }: { number: string }) {
  const hint = typoHint(number);
  return (
    <span className="mt-1 block font-normal">
      Check the number on your receipt: NEC followed by 9 letters or digits.{hint ? ` ${hint}` : ''} Still not found?{' '}
      <a href="/contact" className="font-semibold underline">
        Contact us
      </a>
      .
    </span>
  );
}

/** A number of a multi-number search that found nothing. */
export function NotFoundCard({ number, message }: { number: string; message: string }) {
  return (
    <section
      aria-label={`Tracking number ${number}`}
      className="rounded-xl border-l-4 border-orange-500 bg-orange-50 p-5 text-orange-900"
    >
      <h2 className="font-bold">{number}</h2>
      <p className="font-medium">
        {message}
        <FailureHelp number={number} />
      </p>
    </section>
  );
}
