import { type SubmitEvent, useEffect, useState } from 'react';
import { Toaster, toast } from 'sonner';
import { fieldErrors } from '@/lib/field-errors';
import { loginSchema } from '@/lib/schemas/login';
import { login } from '../api/auth';
import { ApiError, type FieldErrors, SESSION_EXPIRED } from '../api/client';
import { setAuthFlag, takeSessionEnded } from '../auth-flag';
import { buttonClass, Field, inputClass } from '../components/Field';

/** How long the success toast shows before the dashboard loads. */
const REDIRECT_DELAY_MS = 600;

function retryText(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return seconds < 60 ? `${seconds} seconds` : `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** The sign-in card's form: the server checks the credentials and sets the session cookie. */
export default function LoginForm() {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!takeSessionEnded()) return;
    setMessage(SESSION_EXPIRED);
    toast.error(SESSION_EXPIRED);
  }, []);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const checked = loginSchema.safeParse({
      email: String(data.get('email') ?? ''),
      password: String(data.get('password') ?? ''),
      remember: data.get('remember') === 'on',
    });
    if (!checked.success) {
      setErrors(fieldErrors(checked.error));
      return;
    }
    setErrors({});
    setMessage(null);
    setBusy(true);
    try {
      await login(checked.data);
      setAuthFlag();
      toast.success('Login successful');
      setTimeout(() => window.location.assign('/admin'), REDIRECT_DELAY_MS);
    } catch (error) {
      const failure = error instanceof ApiError ? error : new ApiError(0, '');
      const text =
        failure.status === 401
          ? 'Invalid credentials'
          : failure.status === 429
            ? `${failure.message || 'Too many failed sign-in attempts.'}${failure.retryAfterSeconds ? ` You can try again in ${retryText(failure.retryAfterSeconds)}.` : ''}`
            : failure.status === 422
              ? 'Please check the highlighted fields.'
              : failure.message || 'Sign-in failed. Please try again.';
      setErrors(failure.fieldErrors);
      setMessage(text);
      toast.error(text);
      setBusy(false);
    }
  }

  return (
    <>
      <Toaster position="top-right" richColors closeButton visibleToasts={3} duration={5000} />
      <form noValidate onSubmit={submit} className="mt-6 flex flex-col gap-4">
        {message ? (
          <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800">
            {message}
          </p>
        ) : null}
        <Field label="Email" errors={errors.email}>
          {(props) => (
            <input {...props} name="email" type="email" autoComplete="username" required className={inputClass} />
          )}
        </Field>
        <Field label="Password" errors={errors.password}>
          {(props) => (
            <input
              {...props}
              name="password"
              type="password"
              autoComplete="current-password"
              required
              className={inputClass}
            />
          )}
        </Field>
        <div className="flex items-center justify-between text-sm">
          <label className="flex items-center gap-2 text-slate-800">
            <input name="remember" type="checkbox" className="size-4 rounded border-slate-400" />
            Remember me
          </label>
          <a href="/admin-forgot-password" className="font-semibold text-brand-700 underline-offset-2 hover:underline">
            Forgot password?
          </a>
        </div>
        <button type="submit" disabled={busy} className={buttonClass}>
          {busy ? 'Signing in...' : 'Sign In'}
        </button>
      </form>
    </>
  );
}
