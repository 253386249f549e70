import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ROLE_LABELS, type Role } from '@/lib/roles';
import { INVITATION_MESSAGES, NEW_PASSWORD } from '@/lib/sign-in';
import { ApiError } from '../api/client';
import { acceptInvitation, readInvitation } from '../api/invitation';
import { buttonClass, ErrorAlert, Field, inputClass } from '../components/Field';
import { checkNewPassword, type FieldErrors, serverFieldErrors } from '../login/sign-in-checks';

// The page of an invitation link. The token is in the address's fragment (never sent to a server, a log
// or a Referer); the page asks who it invites, then takes the invitee's name and password. Like the
// sign-in page it checks its fields with a few lines of its own and loads no zod: the server's checks
// are the rules, and their field errors show on the fields.

type State =
  | { step: 'reading' }
  | { step: 'ready'; token: string; email: string; role: Role }
  | { step: 'refused'; message: string }
  | { step: 'done'; email: string };

type FieldName = 'name' | 'password' | 'confirm_password';

const NAME_MAX = 100;

const FIELDS: Array<{ name: FieldName; label: string; type: string; autoComplete: string; hint?: string }> = [
  { name: 'name', label: 'Your name', type: 'text', autoComplete: 'name' },
  {
    name: 'password',
    label: 'Password',
    type: 'password',
    autoComplete: 'new-password',
    hint: `At least ${NEW_PASSWORD.minLength} characters; common passwords are refused. A few unrelated words make a strong one.`,
  },
  { name: 'confirm_password', label: 'Confirm password', type: 'password', autoComplete: 'new-password' },
];

/** The fields as the server would refuse them for certain (it also refuses common passwords). */
function check(values: Record<FieldName, string>): FieldErrors<FieldName> {
  const errors: FieldErrors<FieldName> = {};
  const name = values.name.trim();
  if (!name) errors.name = 'Name is required';
  else if ([...name].length > NAME_MAX) errors.name = `Must be at most ${NAME_MAX} characters`;
  const password = checkNewPassword({ new_password: values.password, confirm_password: values.confirm_password });
  if (password.new_password) errors.password = password.new_password.replace('New password', 'Password');
  if (password.confirm_password) {
    errors.confirm_password =
      password.confirm_password === NEW_PASSWORD.mismatch
        ? 'Does not match the password'
        : 'Please confirm the password';
  }
  return errors;
}

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
    readInvitation(token).then(
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
  const [errors, setErrors] = useState<FieldErrors<FieldName>>({});
  const [sending, setSending] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  function show(found: FieldErrors<FieldName>) {
    setErrors(found);
    const first = FIELDS.find(({ name }) => found[name]);
    if (first) form.current?.querySelector<HTMLInputElement>(`[name="${first.name}"]`)?.focus();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const values = {
      name: String(data.get('name') ?? ''),
      password: String(data.get('password') ?? ''),
      confirm_password: String(data.get('confirm_password') ?? ''),
    };
    setFailure(null);
    const found = check(values);
    if (Object.keys(found).length) return show(found);
    setSending(true);
    try {
      const { data: account } = await acceptInvitation({ token: invitation.token, ...values });
      onDone({ step: 'done', email: account.email });
    } catch (error) {
      const refused = linkRefusal(error);
      if (refused) return onDone({ step: 'refused', message: refused });
      const onFields = serverFieldErrors(error, ['name', 'password', 'confirm_password'] as const);
      if (Object.keys(onFields).length) show(onFields);
      else {
        if (!(error instanceof ApiError)) console.error('[invitation]', error);
        setFailure(
          error instanceof ApiError && error.message
            ? error.message
            : 'Could not create the account. Please try again.',
        );
      }
    } finally {
      setSending(false);
    }
  }

  return (
    <form ref={form} noValidate onSubmit={submit} className="mt-4 flex flex-col gap-4">
      <p className="text-sm text-slate-700">
        You are invited as <strong>{ROLE_LABELS[invitation.role].toLowerCase()}</strong> with the email{' '}
        <strong>{invitation.email}</strong>. Choose your name and password; then sign in.
      </p>
      {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
      {FIELDS.map(({ name, label, type, autoComplete, hint }) => (
        <Field key={name} label={label} errors={errors[name] ? [errors[name]] : undefined} {...(hint ? { hint } : {})}>
          {(props) => (
            <input
              {...props}
              name={name}
              type={type}
              autoComplete={autoComplete}
              maxLength={name === 'name' ? NAME_MAX : undefined}
              className={inputClass}
            />
          )}
        </Field>
      ))}
      <button type="submit" disabled={sending} className={`${buttonClass} self-start`}>
        {sending ? 'Creating your account...' : 'Create my account'}
      </button>
    </form>
  );
}
