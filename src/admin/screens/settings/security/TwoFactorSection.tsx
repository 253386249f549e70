import { useStore } from '@nanostores/react';
import { useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { formatDateTime } from '@/lib/date-display';
import type { TwoFactorSetup } from '@/lib/schemas/account';
import { startTwoFactorSetup } from '../../../api/account';
import { ApiError } from '../../../api/client';
import { Dialog } from '../../../components/Dialog';
import { buttonClass, secondaryButtonClass } from '../../../components/Field';
import { $twoFactor, refreshTwoFactor } from '../../../stores/account';
import { failureMessage } from '../../../stores/load';
import { RecoveryCodesStep } from './RecoveryCodesStep';
import { TwoFactorDisableForm } from './TwoFactorDisableForm';
import { TwoFactorScanStep } from './TwoFactorScanStep';

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
            <button type="button" className={secondaryButtonClass} onClick={() => void refreshTwoFactor()}>
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
          <TwoFactorScanStep
            setup={dialog.setup}
            onEnabled={(codes) => setDialog({ kind: 'codes', codes })}
            onCancel={() => void close(false)}
          />
        ) : dialog.kind === 'codes' ? (
          <RecoveryCodesStep codes={dialog.codes} onDone={() => void close(true)} />
        ) : dialog.kind === 'disable' ? (
          <TwoFactorDisableForm onDisabled={disabled} onCancel={() => void close(false)} />
        ) : null}
      </Dialog>
    </section>
  );
}
