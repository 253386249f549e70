import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { company } from '@/data/company';
import { type TwoFactorSetup, twoFactorDisableSchema, twoFactorEnableSchema } from '@/lib/schemas/account';
import { disableTwoFactor, enableTwoFactor, startTwoFactorSetup } from '../../../api/account';
import { ApiError } from '../../../api/client';
import { Dialog, DialogActions } from '../../../components/Dialog';
import { buttonClass, ErrorAlert, Field, inputClass, secondaryButtonClass } from '../../../components/Field';
import { formatDateTime } from '../../../format';
import { applyServerErrors, messagesOf, useSchemaForm } from '../../../forms';
import { $twoFactor, loadTwoFactor, refreshTwoFactor } from '../../../stores/account';
import { failureMessage } from '../../../stores/load';

/** Why a call failed, for a message inside a dialog (a toast would sit behind the modal). */
function dialogFailure(error: unknown, fallback: string): string | null {
  if (error instanceof ApiError && error.status === 429 && error.retryAfterSeconds) {
    const minutes = Math.ceil(error.retryAfterSeconds / 60);
    return `${error.message || 'Too many attempts.'} Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
  }
  return failureMessage(error, fallback);
}

async function copyText(value: string, what: string) {
  try {
    await navigator.clipboard.writeText(value);
    toast.success(`${what} copied.`);
  } catch {
    toast.error(`Could not copy: select the ${what.toLowerCase()} and copy it.`);
  }
}

/** Step 1: the QR code and the secret for the app, then a code from it to turn the second step on. */
function ScanStep({
  setup,
  onEnabled,
  onCancel,
}: {
  setup: TwoFactorSetup;
  onEnabled: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const secretId = useId();
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useSchemaForm(twoFactorEnableSchema, { code: '' });

  const submit = handleSubmit(async (input) => {
    try {
      const { data } = await enableTwoFactor(input);
      onEnabled(data.recovery_codes);
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) {
        applyServerErrors(setError, ['code'], error.fieldErrors);
        setFocus('code');
        return;
      }
      const message = dialogFailure(error, 'Could not turn on two-factor sign-in.');
      if (message) setError('root.server', { message });
    }
  });

  return (
    <div className="flex flex-col gap-4 text-sm text-slate-800">
      <p>
        Scan this QR code with an authenticator app (such as Google Authenticator, Microsoft Authenticator or a password
        manager), or enter the secret key in it by hand.
      </p>
      <img
        src={setup.qr_code}
        alt="QR code holding the secret key for your authenticator app"
        width={176}
        height={176}
        className="self-center rounded border border-slate-200 bg-white"
      />
      <div>
        <label htmlFor={secretId} className="block font-medium text-slate-800">
          Secret key
        </label>
        <div className="mt-1 flex flex-wrap gap-2">
          <input
            id={secretId}
            readOnly
            value={setup.secret}
            spellCheck={false}
            className={`${inputClass} mt-0 min-w-0 flex-1 font-mono`}
            onFocus={(event) => event.target.select()}
          />
          <button
            type="button"
            className={secondaryButtonClass}
            onClick={() => void copyText(setup.secret, 'Secret key')}
          >
            Copy
          </button>
        </div>
      </div>
      <form noValidate onSubmit={submit} className="flex flex-col gap-3">
        <Field
          label="Authentication code"
          hint={`The 6-digit code the app shows for ${company.shortName} once the key is added.`}
          errors={messagesOf(errors, 'code')}
        >
          {(props) => (
            <input
              {...props}
              {...register('code')}
              data-autofocus
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              className={`${inputClass} max-w-48 font-mono`}
            />
          )}
        </Field>
        {errors.root?.server ? <ErrorAlert>{errors.root.server.message}</ErrorAlert> : null}
        <DialogActions onCancel={onCancel} busy={isSubmitting} label="Enable" busyLabel="Enabling..." />
      </form>
    </div>
  );
}

/** Step 2: the ten recovery codes, shown this once, to copy or download before closing. */
function RecoveryCodesStep({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  useEffect(() => heading.current?.focus(), []);
  const asText = `${company.shortName} back office: recovery codes (each signs in once)\n\n${codes.join('\n')}\n`;

  const download = () => {
    const url = URL.createObjectURL(new Blob([asText], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'nec-cargo-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };

  return (
    <div className="flex flex-col gap-4 text-sm text-slate-800">
      <h3 ref={heading} id={headingId} tabIndex={-1} className="text-base font-semibold text-green-900 outline-none">
        Two-factor sign-in is on. Save your recovery codes
      </h3>
      <p>
        Without your phone, each of these codes signs you in once in place of a code from the app.{' '}
        <strong>This is the only time they are shown:</strong> keep them somewhere safe, such as a password manager.
      </p>
      <ol
        aria-labelledby={headingId}
        className="grid grid-cols-2 gap-x-6 gap-y-1 rounded-md border border-slate-200 bg-slate-50 p-4 font-mono text-base text-slate-900"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className={secondaryButtonClass} onClick={() => void copyText(codes.join('\n'), 'Codes')}>
          Copy codes
        </button>
        <button type="button" className={secondaryButtonClass} onClick={download}>
          Download codes
        </button>
        <button type="button" className={buttonClass} onClick={onDone}>
          I have saved them
        </button>
      </div>
    </div>
  );
}

function DisableForm({ onDisabled, onCancel }: { onDisabled: () => void; onCancel: () => void }) {
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useSchemaForm(twoFactorDisableSchema, { password: '', code: '' });

  const submit = handleSubmit(async (input) => {
    try {
      await disableTwoFactor(input);
      onDisabled();
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) {
        applyServerErrors(setError, ['password', 'code'], error.fieldErrors);
        setFocus(error.fieldErrors.password ? 'password' : 'code');
        return;
      }
      const message = dialogFailure(error, 'Could not turn off two-factor sign-in.');
      if (message) setError('root.server', { message });
    }
  });

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-3 text-sm">
      <p className="text-slate-800">
        Sign-in will ask for your password only. Confirm with your password and a code from your authenticator app (or a
        recovery code).
      </p>
      <Field label="Password" errors={messagesOf(errors, 'password')}>
        {(props) => (
          <input
            {...props}
            {...register('password')}
            data-autofocus
            type="password"
            autoComplete="current-password"
            className={inputClass}
          />
        )}
      </Field>
      <Field
        label="Authentication code"
        hint="From your authenticator app, or one of your recovery codes."
        errors={messagesOf(errors, 'code')}
      >
        {(props) => (
          <input
            {...props}
            {...register('code')}
            type="text"
            autoComplete="one-time-code"
            spellCheck={false}
            className={`${inputClass} max-w-60 font-mono`}
          />
        )}
      </Field>
      {errors.root?.server ? <ErrorAlert>{errors.root.server.message}</ErrorAlert> : null}
      <DialogActions onCancel={onCancel} busy={isSubmitting} label="Disable 2FA" busyLabel="Disabling..." danger />
    </form>
  );
}

type DialogState =
  | { kind: 'closed' }
  | { kind: 'setup'; setup: TwoFactorSetup }
  | { kind: 'codes'; codes: string[] }
  | { kind: 'disable' };

/**
 * Two-factor sign-in: its status, "Configure 2FA" (QR code and secret from the server, then a code
 * to enable it, then the recovery codes once) and "Disable 2FA" (password and a code).
 */
export function TwoFactorSection() {
  const status = useStore($twoFactor);
  const [dialog, setDialog] = useState<DialogState>({ kind: 'closed' });
  const [starting, setStarting] = useState(false);
  const action = useRef<HTMLButtonElement>(null);
  const headingId = useId();

  useEffect(() => {
    void loadTwoFactor();
  }, []);

  const configure = async () => {
    // Not disabled while it works: the button keeps focus, for the dialog to give it back.
    if (starting) return;
    setStarting(true);
    try {
      const { data } = await startTwoFactorSetup();
      setDialog({ kind: 'setup', setup: data });
    } catch (error) {
      const message = failureMessage(error, 'Could not start the two-factor setup.');
      if (message) toast.error(message);
      // Turned on meanwhile (another tab): show it.
      if (error instanceof ApiError && error.status === 409) void refreshTwoFactor();
    } finally {
      setStarting(false);
    }
  };

  /** Closes the dialog; after a change the status is read again and focus goes to its new button. */
  const close = async (changed: boolean) => {
    setDialog({ kind: 'closed' });
    if (!changed) return;
    await refreshTwoFactor();
    action.current?.focus();
  };

  const disabled = () => {
    toast.success('Two-factor sign-in is off.');
    void close(true);
  };

  const title =
    dialog.kind === 'disable'
      ? 'Disable two-factor sign-in'
      : dialog.kind === 'codes'
        ? 'Recovery codes'
        : 'Set up two-factor sign-in';

  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        Two-factor sign-in
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        After your password, sign-in asks for a code from an authenticator app on your phone, so a stolen password alone
        cannot get in.
      </p>
      <div className="mt-4">
        {status.status === 'loading' ? (
          <p role="status" className="text-sm text-slate-700">
            Loading...
          </p>
        ) : status.status === 'error' ? (
          <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-red-700">
            {status.message}
            <button type="button" className={secondaryButtonClass} onClick={() => void loadTwoFactor()}>
              Try again
            </button>
          </div>
        ) : (
          <div className="flex flex-wrap items-center justify-between gap-3">
            <div className="text-sm text-slate-800">
              {status.data.enabled ? (
                <>
                  <p>
                    <span className="mr-2 inline-flex rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-semibold text-green-800 ring-1 ring-inset ring-green-300">
                      On
                    </span>
                    Since {formatDateTime(status.data.enabled_at)}.
                  </p>
                  <p className="mt-1">{status.data.recovery_codes_remaining} of 10 recovery codes left unused.</p>
                </>
              ) : (
                <p>
                  <span className="mr-2 inline-flex rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-800 ring-1 ring-inset ring-slate-300">
                    Off
                  </span>
                  Sign-in asks for your password only.
                </p>
              )}
            </div>
            {status.data.enabled ? (
              <button
                ref={action}
                type="button"
                className={secondaryButtonClass}
                onClick={() => setDialog({ kind: 'disable' })}
              >
                Disable 2FA
              </button>
            ) : (
              <button
                ref={action}
                type="button"
                aria-busy={starting}
                className={buttonClass}
                onClick={() => void configure()}
              >
                {starting ? 'Preparing...' : 'Configure 2FA'}
              </button>
            )}
          </div>
        )}
      </div>

      <Dialog
        open={dialog.kind !== 'closed'}
        title={title}
        // Leaving the codes step (Escape or Close) is the same as "I have saved them": 2FA is on either way.
        onClose={() => void close(dialog.kind === 'codes')}
      >
        {dialog.kind === 'setup' ? (
          <ScanStep
            setup={dialog.setup}
            onEnabled={(codes) => setDialog({ kind: 'codes', codes })}
            onCancel={() => void close(false)}
          />
        ) : dialog.kind === 'codes' ? (
          <RecoveryCodesStep codes={dialog.codes} onDone={() => void close(true)} />
        ) : dialog.kind === 'disable' ? (
          <DisableForm onDisabled={disabled} onCancel={() => void close(false)} />
        ) : null}
      </Dialog>
    </section>
  );
}
