import { type Control, type FieldValues, type Path, useController } from 'react-hook-form';
import { CustomerCombobox } from './CustomerCombobox';
import { Field } from './Field';

/**
 * A shipment form's customer, chosen in a combobox: the form's value is the chosen customer's id, or the
 * text typed while none is chosen (the server takes an exact name too, and says when it finds none).
 */
export function CustomerField<T extends FieldValues>({
  control,
  name,
  errors,
  hint,
}: {
  control: Control<T>;
  name: Path<T>;
  errors: string[] | undefined;
  hint: string;
}) {
  const { field } = useController({ control, name });
  return (
    <Field label="Customer" errors={errors} hint={hint} className="sm:col-span-2">
      {(props) => (
        <CustomerCombobox
          {...props}
          inputRef={field.ref}
          onBlur={field.onBlur}
          onChange={(text, chosen) => field.onChange(chosen?.id ?? text)}
        />
      )}
    </Field>
  );
}
