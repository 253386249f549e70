import type { ChangeEvent, FormEvent, ReactNode, RefObject } from 'react';
import { buttonClass, Field, inputClass, secondaryButtonClass } from '../components/Field';

/**
 * The sign-in card's second step, with two-factor sign-in on: the code the authenticator app shows (or a
 * recovery code). `guarded`: the account had many failed attempts from elsewhere, so the password and the
 * code are checked together.
 */
export function TwoStepCodeForm({
  guarded,
  alert,
  code,
  codeError,
  codeRef,
  busy,
  onChange,
  onSubmit,
  onBack,
}: {
  guarded: boolean;
  /** What the page says about the last failure. */
  alert: ReactNode;
  code: string;
  codeError: string | undefined;
  codeRef: RefObject<HTMLInputElement | null>;
  busy: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onBack: () => void;
}) {
  return (
    <form
      method="post"
      noValidate
      onSubmit={onSubmit}
      className="mt-6 flex flex-col gap-4"
      aria-labelledby="code-step-title"
    >
      <div>
        <h2 id="code-step-title" className="text-base font-semibold text-slate-900">
          Two-step verification
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          {guarded
            ? 'This account had many failed sign-in attempts from other places, so your password and this code are checked together. Enter the 6-digit code your authenticator app shows for this account.'
            : 'Your password is correct. Enter the 6-digit code your authenticator app shows for this account.'}
        </p>
      </div>
      {alert}
      <Field
        label="Authentication code"
        hint="No phone at hand? Enter one of your recovery codes instead (XXXXX-XXXXX)."
        errors={codeError ? [codeError] : undefined}
      >
        {(props) => (
          <input
            {...props}
            ref={codeRef}
            name="code"
            value={code}
            onChange={onChange}
            type="text"
            autoComplete="one-time-code"
            autoCapitalize="characters"
            spellCheck={false}
            required
            className={`${inputClass} font-mono tracking-widest`}
          />
        )}
      </Field>
      <div className="flex flex-wrap gap-3">
        <button type="submit" disabled={busy} className={buttonClass}>
          {busy ? 'Verifying...' : 'Verify'}
        </button>
        <button type="button" onClick={onBack} className={secondaryButtonClass}>
          Back
        </button>
      </div>
    </form>
  );
}
