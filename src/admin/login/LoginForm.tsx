import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from 'react';
import type { authApi } from '@/lib/api/auth';
import type { BodyInput } from '@/lib/api/contract';
import { LOGIN_MESSAGES } from '@/lib/sign-in';
import { login } from '../api/auth';
import { SESSION_EXPIRED } from '../api/client';
import { setAuthFlag, takeSessionEnded } from '../auth-flag';
import { ErrorAlert } from '../components/Field';
import { afterSignIn, rememberForLink } from '../return-path';
import { CodeStep } from './CodeStep';
import { useLazyToasts } from './lazy-toasts';
import { PasswordForm } from './PasswordForm';
import { SignInLinkSent } from './SignInLinkSent';
import { checkPassword, type FieldErrors, failureText, type PasswordValues, serverFieldErrors } from './sign-in-checks';

// The sign-in page loads this alone, within its budget of 75 KB gzip of which React is some 68: it
// checks its three fields with a few lines of its own (a form library would take 13 KB), fetches
// the toast library only when a toast is due, and imports only types from the API contract, so no
// schema library reaches the page.

/** How long the success toast shows before the dashboard loads. */
const REDIRECT_DELAY_MS = 600;

/**
 * The sign-in card's form. First the email and password; with two-factor sign-in on, the server
 * answers a short-lived challenge and the form asks for a code from the authenticator app (or a
 * recovery code). The server sets the session cookie once everything checks out. While failed
 * attempts from elsewhere fill the account's budget, the server does not say whether the password
 * was right: the code step checks both together, or (without two-factor sign-in) a link is emailed,
 * and the card says so. Fields are checked on submit and, once a submit found a fault, again as
 * they change.
 */
export default function LoginForm() {
  const [message, setMessage] = useState<string | null>(null);
  const [challenge, setChallenge] = useState<{ token: string; guarded: boolean } | null>(null);
  const [emailSent, setEmailSent] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [values, setValues] = useState<PasswordValues>({ email: '', password: '', remember: false });
  const [errors, setErrors] = useState<FieldErrors<'email' | 'password'>>({});
  const [checked, setChecked] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const { notify, toaster } = useLazyToasts({
    position: 'top-right',
    richColors: true,
    closeButton: true,
    visibleToasts: 3,
    duration: 5000,
  });

  useEffect(() => {
    if (!takeSessionEnded()) return;
    setMessage(SESSION_EXPIRED);
    notify((toast) => toast.error(SESSION_EXPIRED));
  }, [notify]);

  // Until the script runs the form cannot be sent (a plain form would put the password in the address);
  // what was typed before that is in the fields, not yet in the state: take it.
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const typed = (name: string) => {
      const field = emailRef.current?.form?.elements.namedItem(name);
      return field instanceof HTMLInputElement ? field : null;
    };
    const [email, password, remember] = [typed('email'), typed('password'), typed('remember')];
    if (email?.value || password?.value || remember?.checked) {
      setValues({ email: email?.value ?? '', password: password?.value ?? '', remember: remember?.checked ?? false });
    }
    setReady(true);
  }, []);

  function fail(text: string) {
    setMessage(text);
    notify((toast) => toast.error(text));
  }

  function signedIn() {
    setLeaving(true);
    setAuthFlag();
    notify((toast) => toast.success('Login successful'));
    setTimeout(() => window.location.assign(afterSignIn()), REDIRECT_DELAY_MS);
  }

  function change(event: ChangeEvent<HTMLInputElement>) {
    const { name, value, checked: ticked } = event.target;
    const next = { ...values, [name]: name === 'remember' ? ticked : value };
    setValues(next);
    if (checked) setErrors(checkPassword(next));
  }

  async function submitPassword(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = checkPassword(values);
    setErrors(found);
    setChecked(true);
    if (found.email || found.password) {
      (found.email ? emailRef : passwordRef).current?.focus();
      return;
    }
    const body: BodyInput<typeof authApi.login> = values;
    setMessage(null);
    setSubmitting(true);
    try {
      const answer = await login(body);
      if (answer.status === 'two_factor_required') {
        setChallenge({ token: answer.challenge, guarded: answer.guarded });
      } else if (answer.status === 'email_sent') {
        rememberForLink();
        setEmailSent(true);
      } else {
        signedIn();
      }
    } catch (error) {
      setErrors(serverFieldErrors(error, ['email', 'password'] as const));
      fail(failureText(error, LOGIN_MESSAGES.invalidCredentials));
    } finally {
      setSubmitting(false);
    }
  }

  function startOver() {
    setChallenge(null);
    setEmailSent(false);
    setMessage(null);
    setChecked(false);
    setValues((current) => ({ ...current, password: '' }));
    setTimeout(() => passwordRef.current?.focus());
  }

  const alert = message ? <ErrorAlert>{message}</ErrorAlert> : null;

  const busy = submitting || leaving;
  return (
    <>
      {toaster}
      {emailSent ? (
        <SignInLinkSent email={values.email.trim()} onBack={startOver} />
      ) : challenge ? (
        <CodeStep
          challenge={challenge}
          leaving={leaving}
          onSignedIn={signedIn}
          onFailed={(text) => notify((toast) => toast.error(text))}
          onExpired={(text) => {
            startOver();
            fail(text);
          }}
          onBack={startOver}
        />
      ) : (
        <PasswordForm
          alert={alert}
          values={values}
          errors={errors}
          emailRef={emailRef}
          passwordRef={passwordRef}
          busy={busy}
          ready={ready}
          onChange={change}
          onSubmit={submitPassword}
        />
      )}
    </>
  );
}
