import { useStore } from '@nanostores/react';
import { useId } from 'react';
import type { Path } from 'react-hook-form';
import { toast } from 'sonner';
import { MIN_PASSWORD_LENGTH, type PasswordChangeInput, passwordChangeSchema } from '@/lib/schemas/account';
import { changePassword } from '../../../api/account';
import { buttonClass, ErrorAlert, Field, inputClass } from '../../../components/Field';
import { focusRefusal, messagesOf, useSchemaForm } from '../../../forms';
import { failureMessage } from '../../../stores/load';
import { $session } from '../../../stores/session';

const FIELDS: Array<{ name: Path<PasswordChangeInput>; label: string; autoComplete: string; hint?: string }> = [
  { name: 'current_password', label: 'Current Password', autoComplete: 'current-password' },
  {
    name: 'new_password',
    label: 'New Password',
    autoComplete: 'new-password',
    hint: `At least ${MIN_PASSWORD_LENGTH} characters; common passwords are refused. A few unrelated words make a strong one.`,
  },
  { name: 'confirm_password', label: 'Confirm New Password', autoComplete: 'new-password' },
];

const EMPTY: PasswordChangeInput = { current_password: '', new_password: '', confirm_password: '' };

/** Change password: checked by the server's own schema here, then by the server (current password, common list). */
export function PasswordSection() {
  const headingId = useId();
  const session = useStore($session);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useSchemaForm(passwordChangeSchema, EMPTY);

  const submit = handleSubmit(async (input) => {
    try {
      const { data } = await changePassword(input);
      reset(EMPTY);
      toast.success(`Password updated. Your other sessions were ended (${data.sessions_ended}).`);
    } catch (error) {
      const message = focusRefusal(
        error,
        { setError, setFocus },
        FIELDS.map(({ name }) => name),
        (failed) => failureMessage(failed, 'Could not update the password.'),
      );
      if (message) toast.error(message);
    }
  });

  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        Change Password
      </h2>
      <p className="mt-1 text-sm text-slate-700">Every other session of yours ends when the password changes.</p>
      <form noValidate onSubmit={submit} className="mt-4 flex max-w-md flex-col gap-4">
        {/* For password managers: which account's saved password to update. */}
        {session.status === 'signed-in' ? (
          <input type="text" hidden readOnly autoComplete="username" value={session.user.email} />
        ) : null}
        {FIELDS.map(({ name, label, autoComplete, hint }) => (
          <Field key={name} label={label} errors={messagesOf(errors, name)} {...(hint ? { hint } : {})}>
            {(props) => (
              <input
                {...props}
                {...register(name)}
                type="password"
                autoComplete={autoComplete}
                className={inputClass}
              />
            )}
          </Field>
        ))}
        {errors.root?.server ? <ErrorAlert>{errors.root.server.message}</ErrorAlert> : null}
        <div>
          <button type="submit" disabled={isSubmitting} className={buttonClass}>
            {isSubmitting ? 'Updating...' : 'Update Password'}
          </button>
        </div>
      </form>
    </section>
  );
}
