import { type FormEvent, useEffect, useRef, useState } from 'react';
import { AUTH_PATHS } from '@/lib/api/paths';
import { LOGIN_LIMITS, LOGIN_MESSAGES } from '@/lib/sign-in';
import { forgotPassword } from '../api/auth';
import { buttonClass, ErrorAlert, Field, inputClass } from '../components/Field';
import { failureText, serverFieldErrors } from './sign-in-checks';

type State = { step: 'asking' } | { step: 'sending' } | { step: 'sent'; message: string };

/**
 * "Forgot password?": the staff member's email. The markup is a plain form posting to the function,
 * so it works before its script runs or without it (answered with a page saying a link is on its way);
 * its field is the page's own, so what was typed before the script ran is what is sent. Once hydrated
 * it sends JSON and says the answer in place: the same words whether or not an account has the email.
 */
export default function ForgotPasswordForm() {
  const [state, setState] = useState<State>({ step: 'asking' });
  const [emailError, setEmailError] = useState<string | undefined>();
  const [message, setMessage] = useState<string | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const sentRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (state.step === 'sent') sentRef.current?.focus();
  }, [state.step]);

  function refuse(text: string) {
    setEmailError(text);
    emailRef.current?.focus();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '').trim();
    setMessage(null);
    if (!email) return refuse(LOGIN_MESSAGES.emailRequired);
    if (email.length > LOGIN_LIMITS.emailMax) return refuse(LOGIN_MESSAGES.tooLong(LOGIN_LIMITS.emailMax));
    setEmailError(undefined);
    setState({ step: 'sending' });
    try {
      const answer = await forgotPassword({ email });
      setState({ step: 'sent', message: answer.message });
    } catch (error) {
      setState({ step: 'asking' });
      const invalid = serverFieldErrors(error, ['email'] as const).email;
      if (invalid) refuse(invalid);
      else setMessage(failureText(error, 'The request could not be sent. Please try again.'));
    }
  }

  if (state.step === 'sent') {
    return (
      <section className="mt-4 flex flex-col gap-4" aria-labelledby="reset-sent-title">
        <h2 id="reset-sent-title" ref={sentRef} tabIndex={-1} className="text-base font-semibold text-slate-900">
          Check your email
        </h2>
        <p className="text-sm text-slate-700">{state.message}</p>
        <a href="/admin-login" className={`${buttonClass} self-start`}>
          Back to Admin Login
        </a>
      </section>
    );
  }
  return (
    <form
      method="post"
      action={AUTH_PATHS.passwordForgot}
      noValidate
      onSubmit={(event) => void submit(event)}
      className="mt-4 flex flex-col gap-4"
    >
      {message ? <ErrorAlert>{message}</ErrorAlert> : null}
      <Field
        label="Email"
        hint="The email you sign in with. We send a link to choose a new password."
        errors={emailError ? [emailError] : undefined}
      >
        {(props) => (
          <input
            {...props}
            ref={emailRef}
            name="email"
            type="email"
            autoComplete="username"
            required
            className={inputClass}
          />
        )}
      </Field>
      <button type="submit" disabled={state.step === 'sending'} className={buttonClass}>
        {state.step === 'sending' ? 'Sending...' : 'Send reset link'}
      </button>
    </form>
  );
}
