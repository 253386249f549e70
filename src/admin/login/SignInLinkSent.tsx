import { useEffect, useRef } from 'react';
import { secondaryButtonClass } from '../components/Field';

/**
 * The sign-in card once a sign-in link was emailed (the account had many failed attempts from other places):
 * where it went, how long it works, and the way back to the password. Read out from its heading.
 */
export function SignInLinkSent({ email, onBack }: { email: string; onBack: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="mt-6 flex flex-col gap-4" aria-labelledby="email-step-title">
      <div>
        <h2 id="email-step-title" ref={heading} tabIndex={-1} className="text-base font-semibold text-slate-900">
          We emailed you a sign-in link
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          This account had many failed sign-in attempts from other places, so signing in from here is finished by email.
          If the password you entered is right, a sign-in link is on its way to{' '}
          <strong className="break-all">{email}</strong>. Open it within 15 minutes; it works once.
        </p>
        <p className="mt-2 text-sm text-slate-700">
          No email after a few minutes? Check your password and sign in again.
        </p>
      </div>
      <div>
        <button type="button" onClick={onBack} className={secondaryButtonClass}>
          Back
        </button>
      </div>
    </section>
  );
}
