import { formatDateTime } from '@/lib/date-display';
import type { ShipmentChange } from '@/lib/schemas/shipment/change';
import { SHIPMENT_FIELD_LABELS } from '@/lib/schemas/shipment/field-labels';
import { statusLabel } from '@/lib/shipment-status';

// The record of a shipment's edits on the view screen: each changed field's value before and after, who
// changed it and when.

/** A value as the record of changes shows it: status by its label, nothing as a dash. */
function changeValue(field: string, value: ShipmentChange['before']): string {
  if (value === null || value === '') return '—';
  if (field === 'status') return statusLabel(value);
  if (field === 'arrival_time' && typeof value === 'string') return formatDateTime(value);
  return String(value);
}

/** What edits changed, newest first: who, when, and each field's value before and after. */
export function ShipmentChanges({ changes }: { changes: ShipmentChange[] }) {
  if (changes.length === 0) return <p className="text-sm text-slate-700">No edits yet.</p>;
  const newest = [...changes].reverse();
  return (
    <ol className="flex flex-col gap-2 text-sm" aria-label="Changes, newest first">
      {newest.map((change) => (
        <li key={change.id} className="border-l-4 border-slate-300 pl-3">
          <p className="text-slate-900">
            <span className="font-medium">{SHIPMENT_FIELD_LABELS[change.field] ?? change.field}:</span>{' '}
            <span className="break-words">
              {changeValue(change.field, change.before)} → {changeValue(change.field, change.after)}
            </span>
          </p>
          <p className="text-slate-700">
            <time dateTime={change.created_at}>{formatDateTime(change.created_at)}</time>
            {change.author ? ` · ${change.author}` : ''}
          </p>
        </li>
      ))}
    </ol>
  );
}
