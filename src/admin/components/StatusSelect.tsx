import { SHIPMENT_STATUSES, STATUS_LABELS } from '@/lib/shipment-status';

/** The five statuses as <option>s, with an optional empty first choice. */
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

/** Package types offered as suggestions; any other text is accepted. */
export const PACKAGE_TYPES = ['Standard', 'Express', 'Fragile', 'Documents', 'Pallet', 'Heavy Freight'];
