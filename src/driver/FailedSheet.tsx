import { type FormEvent, useId, useState } from 'react';
import { reasonIssue } from '@/lib/schemas/shipment/reason';
import { DELIVERY_REASONS, type DeliveryReason, REASON_LABELS } from '@/lib/shipment-status';
import { FIELD, Sheet, SheetActions } from './Sheet';

/** A failed attempt: why (from the fixed list) and a note; `other` needs the note. */
export function FailedSheet({
  trackingNumber,
  onSave,
  onClose,
}: {
  trackingNumber: string;
  onSave: (reason: DeliveryReason, note: string) => void;
  onClose: () => void;
}) {
  const [reason, setReason] = useState<DeliveryReason | ''>('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<{ field: 'reason' | 'note'; message: string } | null>(null);
  const id = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const issue = reasonIssue('delivery_failed', reason || undefined, note);
    if (issue || !reason) {
      setProblem({ field: issue?.path[0] ?? 'reason', message: issue?.message ?? 'Choose a reason' });
      return;
    }
    onSave(reason, note.trim());
  };

  return (
    <Sheet title={`Failed attempt: ${trackingNumber}`} onClose={onClose}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <label className="block font-medium">
          Reason
          <select
            className={FIELD}
            value={reason}
            onChange={(event) => setReason(event.target.value as DeliveryReason | '')}
            aria-invalid={problem?.field === 'reason'}
            aria-describedby={problem?.field === 'reason' ? `${id}-problem` : undefined}
          >
            <option value="">Choose a reason</option>
            {DELIVERY_REASONS.map((value) => (
              <option key={value} value={value}>
                {REASON_LABELS[value]}
              </option>
            ))}
          </select>
        </label>
        <label className="block font-medium">
          Note {reason === 'other' ? '(required)' : '(optional)'}
          <textarea
            className={`${FIELD} py-2`}
            rows={3}
            maxLength={500}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            aria-invalid={problem?.field === 'note'}
            aria-describedby={problem?.field === 'note' ? `${id}-problem` : undefined}
          />
        </label>
        {problem && (
          <p id={`${id}-problem`} role="alert" className="font-medium text-red-700">
            {problem.message}
          </p>
        )}
        <SheetActions onCancel={onClose} />
      </form>
    </Sheet>
  );
}
