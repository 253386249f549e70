import { type FormEvent, useEffect, useRef, useState } from 'react';
import { PASSWORD_RESET_PAGES } from '@/lib/api/paths';
import { NEW_PASSWORD, PASSWORD_RESET_MESSAGES } from '@/lib/sign-in';
import { checkResetLink, resetPassword } from '../api/auth';
import { ApiError } from '../api/client';
import { setAuthFlag } from '../auth-flag';
import { buttonClass, ErrorAlert, Field, inputClass } from '../components/Field';
import { CodeStep } from './CodeStep';
import { LinkRefused, useLinkToken } from './emailed-link';
import {
  checkNewPassword,
  type FieldErrors,
  failureText,
  type NewPasswordValues,
  serverFieldErrors,
} from './sign-in-checks';

// The page of a password reset link emailed to the account: it says at once when the link cannot be
// used; otherwise it asks for the new password twice. The link is used up only by that submit; then the
// account is signed in again, through its second factor when it has one.

type State =
  | { step: 'checking' }
  | { step: 'choosing' }
  | { step: 'sending' }
  | { step: 'refused'; message: string }
  | { step: 'second-step'; challenge: { token: string; guarded: boolean } }
  | { step: 'expired-step'; message: string }
  | { step: 'signed-in' };

const FIELDS = ['new_password', 'confirm_password'] as const;

function openAdmin() {
  setAuthFlag();
  window.location.assign('/admin');
}

export default function ResetPasswordForm() {
  const token = useLinkToken();
  const [state, setState] = useState<State>({ step: 'checking' });
  const [errors, setErrors] = useState<FieldErrors<keyof NewPasswordValues>>({});
  const [checked, setChecked] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (!token) return;
    checkResetLink({ token })
      .then(() => setState({ step: 'choosing' }))
      .catch((error: unknown) =>
        setState(
          error instanceof ApiError && error.status === 401
            ? { step: 'refused', message: error.message || PASSWORD_RESET_MESSAGES.notValid }
            : { step: 'choosing' },
        ),
      );
  }, [token]);

  const valuesOf = (element: HTMLFormElement): NewPasswordValues => {
    const data = new FormData(element);
    return {
      new_password: String(data.get('new_password') ?? ''),
      confirm_password: String(data.get('confirm_password') ?? ''),
    };
  };

  function show(found: FieldErrors<keyof NewPasswordValues>) {
    setErrors(found);
    const first = FIELDS.find((field) => found[field]);
    if (first) form.current?.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!token) return;
    const values = valuesOf(event.currentTarget);
    const found = checkNewPassword(values);
    setChecked(true);
    setMessage(null);
    if (Object.keys(found).length) return show(found);
    setErrors({});
    setState({ step: 'sending' });
    try {
      const answer = await resetPassword({ token, ...values });
      if (answer.status === 'two_factor_required') {
        setState({ step: 'second-step', challenge: { token: answer.challenge, guarded: answer.guarded } });
        return;
      }
      setState({ step: 'signed-in' });
      openAdmin();
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        setState({ step: 'refused', message: error.message || PASSWORD_RESET_MESSAGES.notValid });
        return;
      }
      setState({ step: 'choosing' });
      const invalid = serverFieldErrors(error, FIELDS);
      if (Object.keys(invalid).length) show(invalid);
      else setMessage(failureText(error, PASSWORD_RESET_MESSAGES.notValid));
    }
  }

  if (token === null) return <p className="mt-4 text-sm text-slate-700">Reading the link…</p>;
  if (!token) return <Refused message={PASSWORD_RESET_MESSAGES.notValid} />;
  if (state.step === 'checking') return <p className="mt-4 text-sm text-slate-700">Checking the link…</p>;
  if (state.step === 'refused') return <Refused message={state.message} />;
  if (state.step === 'signed-in') {
    return <p className="mt-4 text-sm text-slate-700">Your new password is set. Opening the dashboard…</p>;
  }
  if (state.step === 'expired-step') {
    return (
      <LinkRefused
        message={`Your new password is set. ${state.message}`}
        next={{ href: '/admin-login', label: 'Sign in with your new password' }}
      />
    );
  }
  if (state.step === 'second-step') {
    return (
      <>
        <p className="mt-4 text-sm text-slate-700">
          Your new password is set and you were signed out everywhere. Finish signing in with your second factor.
        </p>
        <CodeStep
          challenge={state.challenge}
          leaving={false}
          onSignedIn={openAdmin}
          onExpired={(text) => setState({ step: 'expired-step', message: text })}
          onBack={() => window.location.assign('/admin-login')}
        />
      </>
    );
  }
  return (
    <form
      ref={form}
      method="post"
      noValidate
      onSubmit={(event) => void submit(event)}
      onInput={(event) => checked && setErrors(checkNewPassword(valuesOf(event.currentTarget)))}
      className="mt-4 flex flex-col gap-4"
    >
      <p className="text-sm text-slate-700">
        Choose a new password. Setting it signs you out on every device, then signs you in here.
      </p>
      {message ? <ErrorAlert>{message}</ErrorAlert> : null}
      <Field
        label="New password"
        hint={`At least ${NEW_PASSWORD.minLength} characters; common passwords are refused. A few unrelated words make a strong one.`}
        errors={errors.new_password ? [errors.new_password] : undefined}
      >
        {(props) => (
          <input
            {...props}
            name="new_password"
            type="password"
            autoComplete="new-password"
            required
            className={inputClass}
          />
        )}
      </Field>
      <Field label="Confirm new password" errors={errors.confirm_password ? [errors.confirm_password] : undefined}>
        {(props) => (
          <input
            {...props}
            name="confirm_password"
            type="password"
            autoComplete="new-password"
            required
            className={inputClass}
          />
        )}
      </Field>
      <button type="submit" disabled={state.step === 'sending'} className={`${buttonClass} self-start`}>
        {state.step === 'sending' ? 'Setting the password...' : 'Set new password'}
      </button>
    </form>
  );
}

function Refused({ message }: { message: string }) {
  return <LinkRefused message={message} next={{ href: PASSWORD_RESET_PAGES.forgot, label: 'Ask for a new link' }} />;
}
