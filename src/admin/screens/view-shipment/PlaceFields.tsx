import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field, inputClass } from '../../components/Field';

// Where the shipment is, as both update forms (status, location) ask it: a country and a city, each form
// with its own words for them.

type PlaceField = 'current_country' | 'current_city';

export function PlaceFields({
  country,
  city,
  field,
  errorsOf,
}: {
  /** The country field's label, and what it is for where the form says so. */
  country: { label: string; hint?: string };
  city: string;
  field: (name: PlaceField) => UseFormRegisterReturn;
  errorsOf: (name: PlaceField) => string[] | undefined;
}) {
  return (
    <>
      <Field
        label={country.label}
        {...(country.hint ? { hint: country.hint } : {})}
        errors={errorsOf('current_country')}
      >
        {(props) => (
          <input {...props} {...field('current_country')} type="text" autoComplete="off" className={inputClass} />
        )}
      </Field>
      <Field label={city} errors={errorsOf('current_city')}>
        {(props) => (
          <input {...props} {...field('current_city')} type="text" autoComplete="off" className={inputClass} />
        )}
      </Field>
    </>
  );
}
