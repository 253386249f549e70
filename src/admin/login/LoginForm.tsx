import { useEffect, useState } from 'react';
import { type FieldValues, type Path, type UseFormReturn, useForm } from 'react-hook-form';
import { Toaster, toast } from 'sonner';
import type { authApi } from '@/lib/api/auth';
import type { BodyInput } from '@/lib/api/contract';
import { LOGIN_LIMITS, LOGIN_MESSAGES } from '@/lib/sign-in';
import { login, loginTwoFactor } from '../api/auth';
import { ApiError, SESSION_EXPIRED } from '../api/client';
import { setAuthFlag, takeSessionEnded } from '../auth-flag';
import { buttonClass, Field, inputClass, secondaryButtonClass } from '../components/Field';

// The sign-in page loads this alone: it checks its fields with the form library's own rules and
// imports only types from the API contract, so no schema library reaches the page.

/** How long the success toast shows before the dashboard loads. */
const REDIRECT_DELAY_MS = 600;

type PasswordValues = { email: string; password: string; remember: boolean };
type CodeValues = { code: string };

function retryText(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return seconds < 60 ? `${seconds} seconds` : `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** What the page says about a failed call; a 422's field errors go onto the form's fields. */
function failureText<V extends FieldValues>(error: unknown, form: UseFormReturn<V>, fallback401: string): string {
  const failure = error instanceof ApiError ? error : new ApiError(0, '');
  const fields = Object.keys(form.getValues());
  for (const [key, messages] of Object.entries(failure.fieldErrors)) {
    const field = fields.find((name): name is Path<V> => name === key);
    if (field) form.setError(field, { type: 'server', message: messages.join(' ') });
  }
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

const notBlank = (message: string) => (value: string) => value.trim() !== '' || message;

/**
 * The sign-in card's form. First the email and password; with two-factor sign-in on, the server
 * answers a short-lived challenge and the form asks for a code from the authenticator app (or a
 * recovery code). The server sets the session cookie once everything checks out.
 */
export default function LoginForm() {
  const [message, setMessage] = useState<string | null>(null);
  const [challenge, setChallenge] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const passwordForm = useForm<PasswordValues>({ defaultValues: { email: '', password: '', remember: false } });
  const codeForm = useForm<CodeValues>({ defaultValues: { code: '' } });

  useEffect(() => {
    if (!takeSessionEnded()) return;
    setMessage(SESSION_EXPIRED);
    toast.error(SESSION_EXPIRED);
  }, []);

  // The code step starts in its field; going back starts in the password.
  useEffect(() => {
    if (challenge) codeForm.setFocus('code');
  }, [challenge, codeForm]);

  function fail(text: string) {
    setMessage(text);
    toast.error(text);
  }

  function signedIn() {
    setLeaving(true);
    setAuthFlag();
    toast.success('Login successful');
    setTimeout(() => window.location.assign('/admin'), REDIRECT_DELAY_MS);
  }

  const submitPassword = passwordForm.handleSubmit(async (values) => {
    setMessage(null);
    const body: BodyInput<typeof authApi.login> = values;
    try {
      const answer = await login(body);
      if (answer.status === 'two_factor_required') {
        codeForm.reset();
        setChallenge(answer.challenge);
        return;
      }
      signedIn();
    } catch (error) {
      fail(failureText(error, passwordForm, LOGIN_MESSAGES.invalidCredentials));
    }
  });

  const submitCode = codeForm.handleSubmit(async ({ code }) => {
    if (!challenge) return;
    setMessage(null);
    const body: BodyInput<typeof authApi.loginTwoFactor> = { challenge, code };
    try {
      await loginTwoFactor(body);
      signedIn();
    } catch (error) {
      const text = failureText(error, codeForm, LOGIN_MESSAGES.invalidCode);
      // The challenge ended (too late, or too many wrong codes): start again from the password.
      if (error instanceof ApiError && error.message === LOGIN_MESSAGES.challengeExpired) startOver();
      else if (error instanceof ApiError && error.status === 401)
        codeForm.setError('code', { type: 'server', message: text });
      fail(text);
    }
  });

  function startOver() {
    setChallenge(null);
    passwordForm.resetField('password');
    setTimeout(() => passwordForm.setFocus('password'));
  }

  const alert = message ? (
    <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800">
      {message}
    </p>
  ) : null;

  const errors = passwordForm.formState.errors;
  const codeError = codeForm.formState.errors.code?.message;
  return (
    <>
      <Toaster position="top-right" richColors closeButton visibleToasts={3} duration={5000} />
      {challenge ? (
        <form noValidate onSubmit={submitCode} className="mt-6 flex flex-col gap-4" aria-labelledby="code-step-title">
          <div>
            <h2 id="code-step-title" className="text-base font-semibold text-slate-900">
              Two-step verification
            </h2>
            <p className="mt-1 text-sm text-slate-700">
              Your password is correct. Enter the 6-digit code your authenticator app shows for this account.
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
                {...codeForm.register('code', {
                  required: LOGIN_MESSAGES.codeRequired,
                  validate: notBlank(LOGIN_MESSAGES.codeRequired),
                  maxLength: { value: LOGIN_LIMITS.codeMax, message: LOGIN_MESSAGES.tooLong(LOGIN_LIMITS.codeMax) },
                })}
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
            <button type="submit" disabled={codeForm.formState.isSubmitting || leaving} className={buttonClass}>
              {codeForm.formState.isSubmitting || leaving ? 'Verifying...' : 'Verify'}
            </button>
            <button type="button" onClick={startOver} className={secondaryButtonClass}>
              Back
            </button>
          </div>
        </form>
      ) : (
        <form noValidate onSubmit={submitPassword} className="mt-6 flex flex-col gap-4">
          {alert}
          <Field label="Email" errors={errors.email?.message ? [errors.email.message] : undefined}>
            {(props) => (
              <input
                {...props}
                {...passwordForm.register('email', {
                  required: LOGIN_MESSAGES.emailRequired,
                  validate: notBlank(LOGIN_MESSAGES.emailRequired),
                  maxLength: { value: LOGIN_LIMITS.emailMax, message: LOGIN_MESSAGES.tooLong(LOGIN_LIMITS.emailMax) },
                })}
                type="email"
                autoComplete="username"
                required
                className={inputClass}
              />
            )}
          </Field>
          <Field label="Password" errors={errors.password?.message ? [errors.password.message] : undefined}>
            {(props) => (
              <input
                {...props}
                {...passwordForm.register('password', {
                  required: LOGIN_MESSAGES.passwordRequired,
                  maxLength: {
                    value: LOGIN_LIMITS.passwordMax,
                    message: LOGIN_MESSAGES.tooLong(LOGIN_LIMITS.passwordMax),
                  },
                })}
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
                {...passwordForm.register('remember')}
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
          <button type="submit" disabled={passwordForm.formState.isSubmitting || leaving} className={buttonClass}>
            {passwordForm.formState.isSubmitting || leaving ? 'Signing in...' : 'Sign In'}
          </button>
        </form>
      )}
    </>
  );
}
