import { useEffect, useRef, useState } from 'react';
import type { Path } from 'react-hook-form';
import { teamApi } from '@/lib/api/team';
import { ROLE_LABELS, type Role } from '@/lib/roles';
import { MIN_PASSWORD_LENGTH } from '@/lib/schemas/account';
import { INVITATION_MESSAGES, type InvitationAcceptInput, invitationAcceptSchema } from '@/lib/schemas/team';
import { ApiError, callApi } from '../api/client';
import { buttonClass, ErrorAlert, Field, inputClass } from '../components/Field';
import { focusRefusal, messagesOf, useSchemaForm } from '../forms';

// The page of an invitation link. The token is in the address's fragment (never sent to a server, a log
// or a Referer); the page asks who it invites, then takes the invitee's name and password.

type State =
  | { step: 'reading' }
  | { step: 'ready'; token: string; email: string; role: Role }
  | { step: 'refused'; message: string }
  | { step: 'done'; email: string };

const FIELDS: Array<{
  name: Path<InvitationAcceptInput>;
  label: string;
  type: string;
  autoComplete: string;
  hint?: string;
}> = [
  { name: 'name', label: 'Your name', type: 'text', autoComplete: 'name' },
  {
    name: 'password',
    label: 'Password',
    type: 'password',
    autoComplete: 'new-password',
    hint: `At least ${MIN_PASSWORD_LENGTH} characters; common passwords are refused. A few unrelated words make a strong one.`,
  },
  { name: 'confirm_password', label: 'Confirm password', type: 'password', autoComplete: 'new-password' },
];

/** What the link's own faults say (not valid, accepted, withdrawn, expired, an account exists); others are null. */
const linkRefusal = (error: unknown) =>
  error instanceof ApiError && [404, 409, 410].includes(error.status) && Object.keys(error.fieldErrors).length === 0
    ? error.message
    : null;

export default function AcceptInvitation() {
  const [state, setState] = useState<State>({ step: 'reading' });
  const alertRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const token = window.location.hash.slice(1);
    if (!token) {
      setState({ step: 'refused', message: INVITATION_MESSAGES.notValid });
      return;
    }
    callApi(teamApi.readInvitation, { body: { token } }).then(
      ({ data }) => setState({ step: 'ready', token, email: data.email, role: data.role }),
      (error: unknown) =>
        setState({ step: 'refused', message: linkRefusal(error) ?? 'Could not read the invitation. Reload the page.' }),
    );
  }, []);

  useEffect(() => {
    if (state.step === 'refused' || state.step === 'done') alertRef.current?.focus();
  }, [state.step]);

  if (state.step === 'reading') return <p className="mt-4 text-sm text-slate-700">Reading the invitation…</p>;
  if (state.step === 'ready') return <AcceptForm invitation={state} onDone={setState} />;
  return (
    <div ref={alertRef} tabIndex={-1} className="mt-4 flex flex-col gap-4 outline-none">
      {state.step === 'done' ? (
        <p role="status" className="text-sm text-slate-800">
          Your account {state.email} is ready. Sign in with your email and the password you chose.
        </p>
      ) : (
        <ErrorAlert>{state.message}</ErrorAlert>
      )}
      <a href="/admin-login" className={`${buttonClass} self-start`}>
        Go to sign in
      </a>
    </div>
  );
}

function AcceptForm({
  invitation,
  onDone,
}: {
  invitation: { token: string; email: string; role: Role };
  onDone: (state: State) => void;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useSchemaForm(invitationAcceptSchema, { token: invitation.token, name: '', password: '', confirm_password: '' });

  const submit = handleSubmit(async (input) => {
    setFailure(null);
    try {
      const { data } = await callApi(teamApi.acceptInvitation, { body: input });
      onDone({ step: 'done', email: data.email });
    } catch (error) {
      const refused = linkRefusal(error);
      if (refused) return onDone({ step: 'refused', message: refused });
      const message = focusRefusal(
        error,
        { setError, setFocus },
        FIELDS.map(({ name }) => name),
        () => 'Could not create the account. Please try again.',
      );
      setFailure(message);
    }
  });

  return (
    <form noValidate onSubmit={submit} className="mt-4 flex flex-col gap-4">
      <p className="text-sm text-slate-700">
        You are invited as <strong>{ROLE_LABELS[invitation.role].toLowerCase()}</strong> with the email{' '}
        <strong>{invitation.email}</strong>. Choose your name and password; then sign in.
      </p>
      {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
      {FIELDS.map(({ name, label, type, autoComplete, hint }) => (
        <Field key={name} label={label} errors={messagesOf(errors, name)} {...(hint ? { hint } : {})}>
          {(props) => (
            <input {...props} {...register(name)} type={type} autoComplete={autoComplete} className={inputClass} />
          )}
        </Field>
      ))}
      <button type="submit" disabled={isSubmitting} className={`${buttonClass} self-start`}>
        {isSubmitting ? 'Creating your account...' : 'Create my account'}
      </button>
    </form>
  );
}
