import type { ChangeEvent, FormEvent, ReactNode, RefObject } from 'react';
import { buttonClass, Field, inputClass } from '../components/Field';
import type { FieldErrors, PasswordValues } from './sign-in-checks';

/**
 * The sign-in card's first step: email, password and Remember me, with the way to a forgotten password.
 * It cannot be sent until the page's script runs (`ready`): a plain form would put the password in the address.
 */
export function PasswordForm({
  alert,
  values,
  errors,
  emailRef,
  passwordRef,
  busy,
  ready,
  onChange,
  onSubmit,
}: {
  /** What the page says about the last failure. */
  alert: ReactNode;
  values: PasswordValues;
  errors: FieldErrors<'email' | 'password'>;
  emailRef: RefObject<HTMLInputElement | null>;
  passwordRef: RefObject<HTMLInputElement | null>;
  busy: boolean;
  ready: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}) {
  return (
    <form method="post" noValidate onSubmit={onSubmit} className="mt-6 flex flex-col gap-4">
      {alert}
      <Field label="Email" errors={errors.email ? [errors.email] : undefined}>
        {(props) => (
          <input
            {...props}
            ref={emailRef}
            name="email"
            value={values.email}
            onChange={onChange}
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
            onChange={onChange}
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
            onChange={onChange}
            type="checkbox"
            className="size-4 rounded border-slate-400"
          />
          Remember me
        </label>
        <a href="/admin-forgot-password" className="font-semibold text-brand-700 underline-offset-2 hover:underline">
          Forgot password?
        </a>
      </div>
      <button type="submit" disabled={busy || !ready} className={buttonClass}>
        {busy ? 'Signing in...' : 'Sign In'}
      </button>
    </form>
  );
}
