import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from 'react';
import type { authApi } from '@/lib/api/auth';
import type { BodyInput } from '@/lib/api/contract';
import { LOGIN_MESSAGES } from '@/lib/sign-in';
import { login, loginTwoFactor } from '../api/auth';
import { ApiError, SESSION_EXPIRED } from '../api/client';
import { setAuthFlag, takeSessionEnded } from '../auth-flag';
import { ErrorAlert } from '../components/Field';
import { afterSignIn } from '../return-path';
import { useLazyToasts } from './lazy-toasts';
import { PasswordForm } from './PasswordForm';
import { SignInLinkSent } from './SignInLinkSent';
import {
  checkCode,
  checkPassword,
  type FieldErrors,
  failureText,
  type PasswordValues,
  serverFieldErrors,
} from './sign-in-checks';
import { TwoStepCodeForm } from './TwoStepCodeForm';

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
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const [checked, setChecked] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
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

  // The code step starts in its field (the email notice is read out from its heading: SignInLinkSent).
  useEffect(() => {
    if (challenge) codeRef.current?.focus();
  }, [challenge]);

  function fail(text: string) {
    setMessage(text);
    notify((toast) => toast.error(text));
  }

  /**
   * One step's call to the server, the card busy meanwhile; a failure is said on the card and in a toast
   * (`fallback401` when a refused sign-in comes without words), after `refused` has marked the fields.
   */
  async function attempt(
    call: () => Promise<void>,
    fallback401: string,
    refused: (error: unknown, text: string) => void,
  ) {
    setMessage(null);
    setSubmitting(true);
    try {
      await call();
    } catch (error) {
      const text = failureText(error, fallback401);
      refused(error, text);
      fail(text);
    } finally {
      setSubmitting(false);
    }
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

  function changeCode(event: ChangeEvent<HTMLInputElement>) {
    setCode(event.target.value);
    if (checked) setCodeError(checkCode(event.target.value).code);
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
    await attempt(
      async () => {
        const answer = await login(body);
        if (answer.status === 'two_factor_required') {
          setCode('');
          setCodeError(undefined);
          setChecked(false);
          setChallenge({ token: answer.challenge, guarded: answer.guarded });
          return;
        }
        if (answer.status === 'email_sent') {
          setEmailSent(true);
          return;
        }
        signedIn();
      },
      LOGIN_MESSAGES.invalidCredentials,
      (error) => setErrors(serverFieldErrors(error, ['email', 'password'] as const)),
    );
  }

  async function submitCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!challenge) return;
    const found = checkCode(code).code;
    setCodeError(found);
    setChecked(true);
    if (found) {
      codeRef.current?.focus();
      return;
    }
    const body: BodyInput<typeof authApi.loginTwoFactor> = { challenge: challenge.token, code };
    await attempt(
      async () => {
        await loginTwoFactor(body);
        signedIn();
      },
      LOGIN_MESSAGES.invalidCode,
      (error, text) => {
        setCodeError(serverFieldErrors(error, ['code'] as const).code);
        // The challenge ended (too late, or too many wrong codes): start again from the password.
        if (error instanceof ApiError && error.message === LOGIN_MESSAGES.challengeExpired) startOver();
        else if (error instanceof ApiError && error.status === 401) setCodeError(text);
      },
    );
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
        <TwoStepCodeForm
          guarded={challenge.guarded}
          alert={alert}
          code={code}
          codeError={codeError}
          codeRef={codeRef}
          busy={busy}
          onChange={changeCode}
          onSubmit={submitCode}
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
