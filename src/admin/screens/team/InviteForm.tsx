import { toast } from 'sonner';
import { ROLE_LABELS, ROLES } from '@/lib/roles';
import { invitationCreateSchema } from '@/lib/schemas/team';
import { inviteStaff } from '../../api/team';
import { buttonClass, Field, inputClass } from '../../components/Field';
import { fieldsOrToast, messagesOf, useSchemaForm } from '../../forms';

/** Invite by email: the link goes out through the outbox (readable on Settings > Outbox without a mail server). */
export function InviteForm() {
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useSchemaForm(invitationCreateSchema, { email: '', role: 'dispatcher' });
  const submit = handleSubmit(async (input) => {
    try {
      const { data } = await inviteStaff(input);
      reset({ email: '', role: input.role });
      toast.success(`Invitation sent to ${data.email}. The link works for 72 hours.`);
    } catch (error) {
      fieldsOrToast(error, setError, ['email', 'role'], 'Could not send the invitation.');
    }
  });
  return (
    <form noValidate onSubmit={submit} aria-labelledby="invite-title" className="flex flex-col gap-3">
      <h2 id="invite-title" className="text-lg font-semibold text-slate-900">
        Invite someone
      </h2>
      <div className="flex flex-wrap items-start gap-3">
        <Field label="Email" errors={messagesOf(errors, 'email')} className="min-w-60 flex-1">
          {(props) => (
            <input {...props} {...register('email')} type="email" autoComplete="off" className={inputClass} />
          )}
        </Field>
        <Field label="Role" errors={messagesOf(errors, 'role')} className="min-w-40">
          {(props) => (
            <select {...props} {...register('role')} className={inputClass}>
              {ROLES.map((role) => (
                <option key={role} value={role}>
                  {ROLE_LABELS[role]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <button type="submit" disabled={isSubmitting} className={`${buttonClass} mt-6`}>
          {isSubmitting ? 'Sending...' : 'Send invitation'}
        </button>
      </div>
    </form>
  );
}
