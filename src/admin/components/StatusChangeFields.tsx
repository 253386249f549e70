import type { UseFormRegisterReturn } from 'react-hook-form';
import { parseStatus, STATUSES_WITH_REASON } from '@/lib/shipment-status';
import { DepotFields } from './DepotFields';
import { Field, inputClass } from './Field';
import { ReasonOptions, StatusOptions } from './StatusSelect';

type StatusChangeField = 'status' | 'reason' | 'pickup_depot' | 'pickup_until';

/**
 * A status change's own fields, for one shipment or many: the new status, its reason where the status needs
 * one, and the depot and last day for Available for Pickup. `status` is the form's current choice.
 */
export function StatusChangeFields({
  status,
  field,
  errorsOf,
  className = '',
  autofocus = false,
}: {
  status: unknown;
  field: (name: StatusChangeField) => UseFormRegisterReturn;
  errorsOf: (name: StatusChangeField) => string[] | undefined;
  className?: string;
  /** Whether the status starts focused when its dialog opens. */
  autofocus?: boolean;
}) {
  const chosen = parseStatus(status);
  return (
    <>
      <Field label="New status" errors={errorsOf('status')} className={className}>
        {(props) => (
          <select {...props} {...field('status')} className={inputClass} data-autofocus={autofocus || undefined}>
            <StatusOptions placeholder="Select a status" />
          </select>
        )}
      </Field>
      {chosen !== null && STATUSES_WITH_REASON.includes(chosen) ? (
        <Field label="Reason" errors={errorsOf('reason')} className={className}>
          {(props) => (
            <select {...props} {...field('reason')} className={inputClass}>
              <ReasonOptions placeholder="Select a reason" />
            </select>
          )}
        </Field>
      ) : null}
      {chosen === 'available_for_pickup' ? (
        <DepotFields
          depot={field('pickup_depot')}
          until={field('pickup_until')}
          errors={{ depot: errorsOf('pickup_depot'), until: errorsOf('pickup_until') }}
        />
      ) : null}
    </>
  );
}
