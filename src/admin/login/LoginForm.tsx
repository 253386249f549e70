import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from 'react';
import type { authApi } from '@/lib/api/auth';
import type { BodyInput } from '@/lib/api/contract';
import { LOGIN_LIMITS, LOGIN_MESSAGES } from '@/lib/sign-in';
import { login, loginTwoFactor } from '../api/auth';
import { ApiError, SESSION_EXPIRED } from '../api/client';
import { setAuthFlag, takeSessionEnded } from '../auth-flag';
import { buttonClass, ErrorAlert, Field, inputClass, secondaryButtonClass } from '../components/Field';
import { useLazyToasts } from './lazy-toasts';

// The sign-in page loads this alone, within its budget of 75 KB gzip of which React is some 68: it
// checks its three fields with a few lines of its own (a form library would take 13 KB), fetches
// the toast library only when a toast is due, and imports only types from the API contract, so no
// schema library reaches the page.

/** How long the success toast shows before the dashboard loads. */
const REDIRECT_DELAY_MS = 600;

type PasswordValues = { email: string; password: string; remember: boolean };
type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** The browser-side checks: what the server would refuse for certain, with its own messages. */
function checkPassword({ email, password }: PasswordValues): FieldErrors<'email' | 'password'> {
  const errors: FieldErrors<'email' | 'password'> = {};
  if (email.trim() === '') errors.email = LOGIN_MESSAGES.emailRequired;
  else if (email.length > LOGIN_LIMITS.emailMax) errors.email = LOGIN_MESSAGES.tooLong(LOGIN_LIMITS.emailMax);
  if (password === '') errors.password = LOGIN_MESSAGES.passwordRequired;
  else if (password.length > LOGIN_LIMITS.passwordMax) {
    errors.password = LOGIN_MESSAGES.tooLong(LOGIN_LIMITS.passwordMax);
  }
  return errors;
}

function checkCode(code: string): FieldErrors<'code'> {
  if (code.trim() === '') return { code: LOGIN_MESSAGES.codeRequired };
  if (code.length > LOGIN_LIMITS.codeMax) return { code: LOGIN_MESSAGES.tooLong(LOGIN_LIMITS.codeMax) };
  return {};
}

function retryText(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return seconds < 60 ? `${seconds} seconds` : `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** A 422's field errors for the form's own fields (others are said in the page's message). */
function serverFieldErrors<K extends string>(error: unknown, fields: readonly K[]): FieldErrors<K> {
  const errors: FieldErrors<K> = {};
  if (!(error instanceof ApiError)) return errors;
  for (const [key, messages] of Object.entries(error.fieldErrors)) {
    const field = fields.find((name) => name === key);
    if (field) errors[field] = messages.join(' ');
  }
  return errors;
}

/** What the page says about a failed call. */
function failureText(error: unknown, fallback401: string): string {
  const failure = error instanceof ApiError ? error : new ApiError(0, '');
  if (failure.status === 401) return failure.message || fallback401;
  if (failure.status === 429 || failure.status === 503) {
    const base = failure.message || 'Too many sign-in attempts.';
    // The server's message usually says when already.
    return failure.retryAfterSeconds && !/try again in/i.test(base)
      ? `${base} You can try again in ${retryText(failure.retryAfterSeconds)}.`
      : base;
  }
  if (failure.status === 422) return 'Please check the highlighted fields.';
  return failure.message || 'Sign-in failed. Please try again.';
}

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

  // The code step starts in its field; the email notice is read out from its heading.
  const noticeRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (challenge) codeRef.current?.focus();
  }, [challenge]);
  useEffect(() => {
    if (emailSent) noticeRef.current?.focus();
  }, [emailSent]);

  function fail(text: string) {
    setMessage(text);
    notify((toast) => toast.error(text));
  }

  function signedIn() {
    setLeaving(true);
    setAuthFlag();
    notify((toast) => toast.success('Login successful'));
    setTimeout(() => window.location.assign('/admin'), REDIRECT_DELAY_MS);
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
    setMessage(null);
    setSubmitting(true);
    const body: BodyInput<typeof authApi.login> = values;
    try {
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
    } catch (error) {
      setErrors(serverFieldErrors(error, ['email', 'password'] as const));
      fail(failureText(error, LOGIN_MESSAGES.invalidCredentials));
    } finally {
      setSubmitting(false);
    }
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
    setMessage(null);
    setSubmitting(true);
    const body: BodyInput<typeof authApi.loginTwoFactor> = { challenge: challenge.token, code };
    try {
      await loginTwoFactor(body);
      signedIn();
    } catch (error) {
      const text = failureText(error, LOGIN_MESSAGES.invalidCode);
      setCodeError(serverFieldErrors(error, ['code'] as const).code);
      // The challenge ended (too late, or too many wrong codes): start again from the password.
      if (error instanceof ApiError && error.message === LOGIN_MESSAGES.challengeExpired) startOver();
      else if (error instanceof ApiError && error.status === 401) setCodeError(text);
      fail(text);
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
        <section className="mt-6 flex flex-col gap-4" aria-labelledby="email-step-title">
          <div>
            <h2 id="email-step-title" ref={noticeRef} tabIndex={-1} className="text-base font-semibold text-slate-900">
              We emailed you a sign-in link
            </h2>
            <p className="mt-1 text-sm text-slate-700">
              This account had many failed sign-in attempts from other places, so signing in from here is finished by
              email. If the password you entered is right, a sign-in link is on its way to{' '}
              <strong className="break-all">{values.email.trim()}</strong>. Open it within 15 minutes; it works once.
            </p>
            <p className="mt-2 text-sm text-slate-700">
              No email after a few minutes? Check your password and sign in again.
            </p>
          </div>
          <div>
            <button type="button" onClick={startOver} className={secondaryButtonClass}>
              Back
            </button>
          </div>
        </section>
      ) : challenge ? (
        <form
          method="post"
          noValidate
          onSubmit={submitCode}
          className="mt-6 flex flex-col gap-4"
          aria-labelledby="code-step-title"
        >
          <div>
            <h2 id="code-step-title" className="text-base font-semibold text-slate-900">
              Two-step verification
            </h2>
            <p className="mt-1 text-sm text-slate-700">
              {challenge.guarded
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
                onChange={changeCode}
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
            <button type="button" onClick={startOver} className={secondaryButtonClass}>
              Back
            </button>
          </div>
        </form>
      ) : (
        <form method="post" noValidate onSubmit={submitPassword} className="mt-6 flex flex-col gap-4">
          {alert}
          <Field label="Email" errors={errors.email ? [errors.email] : undefined}>
            {(props) => (
              <input
                {...props}
                ref={emailRef}
                name="email"
                value={values.email}
                onChange={change}
                type="email"
                autoComplete="username"
                required
                className={inputClass}
              />
            )}
          </Field>
          <Field label="Password" errors={errors.password ? [errors.password] : undefined}>
            {(props) => (
              <input
                {...props}
                ref={passwordRef}
                name="password"
                value={values.password}
                onChange={change}
                type="password"
                autoComplete="current-password"
                required
                className={inputClass}
              />
            )}
          </Field>
          <div className="flex items-center justify-between text-sm">
            <label className="flex items-center gap-2 text-slate-800">
              <input
                name="remember"
                checked={values.remember}
                onChange={change}
                type="checkbox"
                className="size-4 rounded border-slate-400"
              />
              Remember me
            </label>
            <a
              href="/admin-forgot-password"
              className="font-semibold text-brand-700 underline-offset-2 hover:underline"
            >
              Forgot password?
            </a>
          </div>
          <button type="submit" disabled={busy || !ready} className={buttonClass}>
            {busy ? 'Signing in...' : 'Sign In'}
          </button>
        </form>
      )}
    </>
  );
}
