import type { UseFormRegisterReturn } from 'react-hook-form';
import { DEPOTS } from '@/data/depots';
import { Field, inputClass } from './Field';

/** Where a parcel waits for collection and until when: the depot (one of the company's offices) and the last day. */
export function DepotFields({
  depot,
  until,
  errors,
}: {
  depot: UseFormRegisterReturn;
  until: UseFormRegisterReturn;
  errors: { depot: string[] | undefined; until: string[] | undefined };
}) {
  return (
    <>
      <Field label="Depot" errors={errors.depot}>
        {(props) => (
          <select {...props} {...depot} className={inputClass}>
            <option value="">Choose a depot</option>
            {DEPOTS.map((place) => (
              <option key={place.code} value={place.code}>
                {place.city}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Kept until" errors={errors.until}>
        {(props) => <input {...props} {...until} type="date" className={inputClass} />}
      </Field>
    </>
  );
}
