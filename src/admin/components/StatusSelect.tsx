import {
  DELIVERY_REASONS,
  PENDING_STATUSES,
  REASON_LABELS,
  SHIPMENT_STATUSES,
  STATUS_LABELS,
  statusLabel,
} from '@/lib/shipment-status';

/** The statuses as <option>s, with an optional empty first choice. */
export function StatusOptions({ placeholder }: { placeholder?: string }) {
  return (
    <>
      {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
      {SHIPMENT_STATUSES.map((status) => (
        <option key={status} value={status}>
          {STATUS_LABELS[status]}
        </option>
      ))}
    </>
  );
}

/** The reasons of a failed attempt or an exception as <option>s, after an empty first choice. */
export function ReasonOptions({ placeholder }: { placeholder: string }) {
  return (
    <>
      <option value="">{placeholder}</option>
      {DELIVERY_REASONS.map((reason) => (
        <option key={reason} value={reason}>
          {REASON_LABELS[reason]}
        </option>
      ))}
    </>
  );
}

/** Package types offered as suggestions; any other text is accepted. */
export const PACKAGE_TYPES = ['Standard', 'Express', 'Fragile', 'Documents', 'Pallet', 'Heavy Freight'];

/** The dashboard's groups of statuses, as the list's status filter takes them (comma-separated). */
export const ACTIVE_STATUSES = SHIPMENT_STATUSES.filter((status) => status !== 'delivered').join(',');
export const PENDING_FILTER = PENDING_STATUSES.join(',');

/** The list filter's choices: every status, then the groups the dashboard figures count. */
export function StatusFilterOptions({ value }: { value: string }) {
  const known = new Set<string>([...SHIPMENT_STATUSES, ACTIVE_STATUSES, PENDING_FILTER, '']);
  return (
    <>
      <StatusOptions placeholder="All statuses" />
      <option value={ACTIVE_STATUSES}>Active (not delivered)</option>
      <option value={PENDING_FILTER}>Pending (preparing, processing, on hold)</option>
      {known.has(value) ? null : <option value={value}>{value.split(',').map(statusLabel).join(', ')}</option>}
    </>
  );
}
