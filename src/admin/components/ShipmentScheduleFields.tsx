import type { UseFormRegisterReturn } from 'react-hook-form';
import { localTimeZone } from '../format';
import { Field, inputClass } from './Field';
import { PACKAGE_TYPES, StatusOptions } from './StatusSelect';

// The fields both shipment dialogs (quick add and edit) share: when the shipment is due, when it next
// arrives, what it is and where it stands.

const NEXT_ARRIVAL_HINT = () => `When it reaches its next stop, in your time zone (${localTimeZone()}).`;
const ESTIMATED_DELIVERY_HINT = 'The date promised to the customer.';

/** The package type: free text, with the usual types suggested. */
function TypeInput(props: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string } & UseFormRegisterReturn) {
  const listId = `${props.id}-types`;
  return (
    <>
      <input {...props} type="text" list={listId} className={inputClass} />
      <datalist id={listId}>
        {PACKAGE_TYPES.map((type) => (
          <option key={type} value={type} />
        ))}
      </datalist>
    </>
  );
}

export type ScheduleField = 'estimated_delivery' | 'arrival_time' | 'type' | 'status';

export function ShipmentScheduleFields({
  field,
  errorsOf,
}: {
  field: (name: ScheduleField) => UseFormRegisterReturn;
  errorsOf: (name: ScheduleField) => string[] | undefined;
}) {
  return (
    <>
      <Field label="Estimated delivery" hint={ESTIMATED_DELIVERY_HINT} errors={errorsOf('estimated_delivery')}>
        {(props) => <input {...props} {...field('estimated_delivery')} type="date" className={inputClass} />}
      </Field>
      <Field label="Next arrival" hint={NEXT_ARRIVAL_HINT()} errors={errorsOf('arrival_time')}>
        {(props) => <input {...props} {...field('arrival_time')} type="datetime-local" className={inputClass} />}
      </Field>
      <Field label="Type" errors={errorsOf('type')}>
        {(props) => <TypeInput {...props} {...field('type')} />}
      </Field>
      <Field label="Status" errors={errorsOf('status')}>
        {(props) => (
          <select {...props} {...field('status')} className={inputClass}>
            <StatusOptions />
          </select>
        )}
      </Field>
    </>
  );
}
