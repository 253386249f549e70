import { toast } from 'sonner';
import {
  EXCEPTION_ACTION_LABELS,
  EXCEPTION_ACTIONS,
  type ExceptionRow,
  exceptionActionSchema,
} from '@/lib/schemas/exception';
import { actOnException } from '../../api/exceptions';
import { DepotFields } from '../../components/DepotFields';
import { buttonClass, Field, inputClass } from '../../components/Field';
import { messagesOf, toastRefusal, useSchemaForm } from '../../forms';

const FIELDS = ['action_id', 'action', 'attempt_on', 'pickup_depot', 'pickup_until', 'note'] as const;

/** The choices as a dispatcher says them. */
const CHOICES: Record<(typeof EXCEPTION_ACTIONS)[number], string> = {
  reattempt: 'Schedule another attempt',
  hold_at_depot: 'Hold at depot for collection',
  return_to_sender: 'Return to sender',
  call_noted: 'Note a call with the recipient',
};

/**
 * What a dispatcher does about one row: the action and what it needs. Each submit carries a new id for
 * the click, so a double click or a resent request is recorded once.
 */
export function ExceptionActionForm({ row, onDone }: { row: ExceptionRow; onDone: () => void }) {
  const requested = row.open_request?.delivery_day ?? '';
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors, isSubmitting },
  } = useSchemaForm(exceptionActionSchema, {
    action_id: crypto.randomUUID(),
    action: requested ? 'reattempt' : '',
    attempt_on: requested,
    pickup_depot: '',
    pickup_until: '',
    note: '',
  } as never);
  const action = watch('action');
  const submit = handleSubmit(async (body) => {
    try {
      const { data } = await actOnException(row.tracking_number, body);
      toast.success(`${EXCEPTION_ACTION_LABELS[data.action]}: ${row.tracking_number}`);
      onDone();
    } catch (error) {
      toastRefusal(error, setError, FIELDS, 'Could not record the action.', (refusal) => refusal.message);
    }
  });

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label={`Act on ${row.tracking_number}`}
      className="grid gap-3 sm:grid-cols-2"
    >
      <Field label="Action" errors={messagesOf(errors, 'action')} className="sm:col-span-2">
        {(props) => (
          <select {...props} {...register('action')} className={inputClass}>
            <option value="">Choose an action</option>
            {EXCEPTION_ACTIONS.map((choice) => (
              <option key={choice} value={choice}>
                {CHOICES[choice]}
              </option>
            ))}
          </select>
        )}
      </Field>
      {action === 'reattempt' ? (
        <Field label="Day of the next attempt" errors={messagesOf(errors, 'attempt_on')}>
          {(props) => <input {...props} {...register('attempt_on')} type="date" className={inputClass} />}
        </Field>
      ) : null}
      {action === 'hold_at_depot' ? (
        <DepotFields
          depot={register('pickup_depot')}
          until={register('pickup_until')}
          errors={{ depot: messagesOf(errors, 'pickup_depot'), until: messagesOf(errors, 'pickup_until') }}
        />
      ) : null}
      <Field
        label={action === 'call_noted' ? 'What was said' : 'Note (optional)'}
        errors={messagesOf(errors, 'note')}
        className="sm:col-span-2"
      >
        {(props) => <textarea {...props} {...register('note')} rows={2} className={inputClass} />}
      </Field>
      {messagesOf(errors, 'action_id') ? (
        <p className="text-sm text-red-700 sm:col-span-2">{messagesOf(errors, 'action_id')}</p>
      ) : null}
      <div>
        <button type="submit" disabled={isSubmitting} className={buttonClass}>
          {isSubmitting ? 'Recording...' : 'Record'}
        </button>
      </div>
    </form>
  );
}
