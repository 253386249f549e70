import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from 'react';
import type { authApi } from '@/lib/api/auth';
import type { BodyInput } from '@/lib/api/contract';
import { LOGIN_MESSAGES } from '@/lib/sign-in';
import { loginTwoFactor } from '../api/auth';
import { ApiError } from '../api/client';
import { ErrorAlert } from '../components/Field';
import { checkCode, failureText, serverFieldErrors } from './sign-in-checks';
import { TwoStepCodeForm } from './TwoStepCodeForm';

/**
 * The second step of a sign-in, after a password or after a password reset (which never skips it): the
 * code from the authenticator app (or a recovery code) sent with the challenge the server answered. The
 * field is checked on submit and, once a submit found a fault, again as it changes. A failure is said on
 * the card and handed to `onFailed` (a toast); a challenge that ended (too late, too many wrong codes)
 * goes to `onExpired`.
 */
export function CodeStep({
  challenge,
  leaving,
  onSignedIn,
  onFailed,
  onExpired,
  onBack,
}: {
  challenge: { token: string; guarded: boolean };
  /** The page is on its way to the admin app. */
  leaving: boolean;
  onSignedIn: () => void;
  onFailed?: (text: string) => void;
  onExpired: (text: string) => void;
  onBack: () => void;
}) {
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const [checked, setChecked] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);

  useEffect(() => codeRef.current?.focus(), []);

  function change(event: ChangeEvent<HTMLInputElement>) {
    setCode(event.target.value);
    if (checked) setCodeError(checkCode(event.target.value).code);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = checkCode(code).code;
    setCodeError(found);
    setChecked(true);
    if (found) {
      codeRef.current?.focus();
      return;
    }
    const body: BodyInput<typeof authApi.loginTwoFactor> = { challenge: challenge.token, code };
    setMessage(null);
    setSubmitting(true);
    try {
      await loginTwoFactor(body);
      onSignedIn();
    } catch (error) {
      const text = failureText(error, LOGIN_MESSAGES.invalidCode);
      setCodeError(serverFieldErrors(error, ['code'] as const).code);
      if (error instanceof ApiError && error.message === LOGIN_MESSAGES.challengeExpired) {
        onExpired(text);
        return;
      }
      if (error instanceof ApiError && error.status === 401) setCodeError(text);
      setMessage(text);
      onFailed?.(text);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <TwoStepCodeForm
      guarded={challenge.guarded}
      alert={message ? <ErrorAlert>{message}</ErrorAlert> : null}
      code={code}
      codeError={codeError}
      codeRef={codeRef}
      busy={submitting || leaving}
      onChange={change}
      onSubmit={submit}
      onBack={onBack}
    />
  );
}
