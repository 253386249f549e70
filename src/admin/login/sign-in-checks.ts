import { LOGIN_LIMITS, LOGIN_MESSAGES, NEW_PASSWORD } from '@/lib/sign-in';
import { ApiError } from '../api/client';

// What the sign-in form checks in the browser (with a few lines of its own: no schema library reaches the
// sign-in page) and what it says when the server refuses: the server's field errors on their fields, and a
// message for the page.

export type PasswordValues = { email: string; password: string; remember: boolean };
export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** The browser-side checks: what the server would refuse for certain, with its own messages. */
export function checkPassword({ email, password }: PasswordValues): FieldErrors<'email' | 'password'> {
  const errors: FieldErrors<'email' | 'password'> = {};
  if (email.trim() === '') errors.email = LOGIN_MESSAGES.emailRequired;
  else if (email.length > LOGIN_LIMITS.emailMax) errors.email = LOGIN_MESSAGES.tooLong(LOGIN_LIMITS.emailMax);
  if (password === '') errors.password = LOGIN_MESSAGES.passwordRequired;
  else if (password.length > LOGIN_LIMITS.passwordMax) {
    errors.password = LOGIN_MESSAGES.tooLong(LOGIN_LIMITS.passwordMax);
  }
  return errors;
}

export type NewPasswordValues = { new_password: string; confirm_password: string };

/** A new password as the server's rules would refuse it for certain (it also refuses common passwords and control characters). */
export function checkNewPassword({
  new_password,
  confirm_password,
}: NewPasswordValues): FieldErrors<keyof NewPasswordValues> {
  const errors: FieldErrors<keyof NewPasswordValues> = {};
  if (new_password === '') errors.new_password = NEW_PASSWORD.required;
  else if ([...new_password].length < NEW_PASSWORD.minLength) errors.new_password = NEW_PASSWORD.tooShort;
  else if (new_password.length > LOGIN_LIMITS.passwordMax) {
    errors.new_password = LOGIN_MESSAGES.tooLong(LOGIN_LIMITS.passwordMax);
  }
  if (confirm_password === '') errors.confirm_password = NEW_PASSWORD.confirmRequired;
  else if (confirm_password !== new_password) errors.confirm_password = NEW_PASSWORD.mismatch;
  return errors;
}

export function checkCode(code: string): FieldErrors<'code'> {
  if (code.trim() === '') return { code: LOGIN_MESSAGES.codeRequired };
  if (code.length > LOGIN_LIMITS.codeMax) return { code: LOGIN_MESSAGES.tooLong(LOGIN_LIMITS.codeMax) };
  return {};
}

function retryText(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return seconds < 60 ? `${seconds} seconds` : `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** A 422's field errors for the form's own fields (others are said in the page's message). */
export function serverFieldErrors<K extends string>(error: unknown, fields: readonly K[]): FieldErrors<K> {
  const errors: FieldErrors<K> = {};
  if (!(error instanceof ApiError)) return errors;
  for (const [key, messages] of Object.entries(error.fieldErrors)) {
    const field = fields.find((name) => name === key);
    if (field) errors[field] = messages.join(' ');
  }
  return errors;
}

/** What the page says about a failed call. */
export function failureText(error: unknown, fallback401: string): string {
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
