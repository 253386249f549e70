import { useState } from 'react';
import { z } from 'zod';
import { type BulkStatusResult, UNCHANGED_REASONS, unchangedReasonLabel } from '@/lib/schemas/shipment/bulk-status';
import { statusChangeFields, statusChangeRules } from '@/lib/schemas/shipment/status-update';
import { changeStatusOf } from '../../api/bulk';
import { Dialog, DialogActions } from '../../components/Dialog';
import { ErrorSummary, Field, inputClass, secondaryButtonClass } from '../../components/Field';
import { StatusChangeFields } from '../../components/StatusChangeFields';
import { messagesOf, toastRefusal, useSchemaForm } from '../../forms';
import { type Selection, selectionBody } from './selection';

/** The status change's fields, checked in the browser by the rules the server applies to each shipment. */
const changeSchema = z.object(statusChangeFields).superRefine(statusChangeRules);
const FIELDS = ['status', 'reason', 'pickup_depot', 'pickup_until', 'note'] as const;

const shipments = (count: number) => `${count.toLocaleString('en')} shipment${count === 1 ? '' : 's'}`;

/** "12 changed; 3 not changed: 2 already Delivered, 1 not found." */
function resultText({ status, counts }: BulkStatusResult): string {
  const left = UNCHANGED_REASONS.filter((reason) => counts[reason] > 0);
  const total = left.reduce((sum, reason) => sum + counts[reason], 0);
  const why = left.map((reason) => `${counts[reason]} ${unchangedReasonLabel(reason, status, counts[reason])}`);
  return `${counts.changed.toLocaleString('en')} changed${total ? `; ${total.toLocaleString('en')} not changed: ${why.join(', ')}` : ''}.`;
}

interface BulkStatusDialogProps {
  open: boolean;
  selection: Selection;
  count: number;
  onClose: () => void;
  /** After a change the server accepted: the selection is done with. */
  onChanged: () => void;
}

/** Change status, for the list's selection: the status (with its reason or depot where it needs one) and a note. */
export function BulkStatusDialog(props: BulkStatusDialogProps) {
  return (
    <Dialog open={props.open} title="Change status" onClose={props.onClose}>
      <BulkStatusForm {...props} />
    </Dialog>
  );
}

function BulkStatusForm({ selection, count, onClose, onChanged }: BulkStatusDialogProps) {
  const [result, setResult] = useState<BulkStatusResult | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useSchemaForm(changeSchema, { status: '', reason: '', pickup_depot: '', pickup_until: '', note: '' });

  if (result) {
    return (
      <div className="flex flex-col gap-3">
        <p role="status" className="text-sm text-slate-900">
          {resultText(result)}
        </p>
        <div className="flex justify-end">
          <button type="button" className={secondaryButtonClass} onClick={onClose} data-autofocus>
            Close
          </button>
        </div>
      </div>
    );
  }

  const submit = handleSubmit(async (change) => {
    try {
      const answer = await changeStatusOf({ ...selectionBody(selection), ...change });
      setResult(answer.data);
      onChanged();
    } catch (error) {
      toastRefusal(error, setError, FIELDS, 'Could not change the status.', (refusal) => refusal.message);
    }
  });

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <p className="text-sm text-slate-800">
        {selection.kind === 'matching'
          ? `Every shipment the filters match (${shipments(count)} when selected).`
          : `${shipments(count)} selected.`}{' '}
        Those already in the new status, delivered or returned are left as they are.
      </p>
      <ErrorSummary
        count={Object.keys(errors).filter((key) => key !== 'root').length}
        server={errors.root?.server?.message}
      />
      <StatusChangeFields
        status={watch('status')}
        field={(name) => register(name)}
        errorsOf={(name) => messagesOf(errors, name)}
        autofocus
      />
      <Field
        label="Note"
        hint="Shown on each shipment's public tracking page exactly as typed. With the reason Other, say what happened here."
        errors={messagesOf(errors, 'note')}
      >
        {(field) => <textarea {...field} {...register('note')} rows={3} className={inputClass} />}
      </Field>
      <DialogActions onCancel={onClose} busy={isSubmitting} label="Change status" busyLabel="Changing..." />
    </form>
  );
}
