import { twoFactorDisableSchema } from '@/lib/schemas/account';
import { disableTwoFactor } from '../../../api/account';
import { DialogActions } from '../../../components/Dialog';
import { ErrorAlert, Field, inputClass } from '../../../components/Field';
import { focusRefusal, messagesOf, useSchemaForm } from '../../../forms';
import { dialogFailure } from './two-factor-dialog';

/** Turning two-factor sign-in off: confirmed with the password and a code from the app (or a recovery code). */
export function TwoFactorDisableForm({ onDisabled, onCancel }: { onDisabled: () => void; onCancel: () => void }) {
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
      focusRefusal(error, { setError, setFocus }, ['password', 'code'], (failed) =>
        dialogFailure(failed, 'Could not turn off two-factor sign-in.'),
      );
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
