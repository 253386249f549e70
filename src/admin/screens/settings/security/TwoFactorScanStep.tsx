import { useId } from 'react';
import { company } from '@/data/company';
import { type TwoFactorSetup, twoFactorEnableSchema } from '@/lib/schemas/account';
import { enableTwoFactor } from '../../../api/account';
import { DialogActions } from '../../../components/Dialog';
import { ErrorAlert, Field, inputClass, secondaryButtonClass } from '../../../components/Field';
import { focusRefusal, messagesOf, useSchemaForm } from '../../../forms';
import { copyText, dialogFailure } from './two-factor-dialog';

/**
 * The setup dialog's first step: the QR code and the secret for the app, then a code from it to turn the
 * second step on.
 */
export function TwoFactorScanStep({
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
      focusRefusal(error, { setError, setFocus }, ['code'], (failed) =>
        dialogFailure(failed, 'Could not turn on two-factor sign-in.'),
      );
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
