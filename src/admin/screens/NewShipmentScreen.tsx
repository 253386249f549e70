import { type ReactNode, useRef, useState } from 'react';
import { newShipmentSchema } from '@/lib/api/shipments';
import type { CustomerListItem } from '@/lib/schemas/customer';
import { generateTrackingNumber } from '@/lib/tracking-number';
import { ApiError } from '../api/client';
import { addShipment } from '../api/shipments';
import { CustomerCombobox } from '../components/CustomerCombobox';
import { buttonClass, Field, inputClass, secondaryButtonClass } from '../components/Field';
import { PiecesEditor } from '../components/PiecesEditor';
import { PACKAGE_TYPES, StatusOptions } from '../components/StatusSelect';
import { applyServerErrors, flattenErrors, messagesOf, useSchemaForm } from '../forms';
import { type Banner, NewShipmentBanner } from './new-shipment/NewShipmentBanner';
import { defaults, GROUPS, labelOf, messagesByField, NAMES } from './new-shipment/new-shipment-fields';

/** The error list's names of the fields with errors. */
const labels = (errors: Record<string, unknown>) =>
  Object.fromEntries(Object.keys(errors).map((field) => [field, labelOf(field)]));

/** A group of the form's fields under its legend. */
function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      <legend className="px-1 text-base font-semibold text-slate-900">{title}</legend>
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

/**
 * Add New Shipment: every creation field, grouped as staff fill them in, with a generated tracking number and
 * a customer to link (who fills in the sender); after a submit the banner says what was added or what to correct.
 */
export default function NewShipmentScreen() {
  // The next arrival is typed in local time; the API takes it as an ISO instant.
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setValue,
    control,
    formState: { errors, isSubmitting },
  } = useSchemaForm(newShipmentSchema, defaults(), {
    localDateTimes: ['arrival_time'],
    draft: 'new-shipment',
  });
  const [banner, setBanner] = useState<Banner | null>(null);
  // A new key gives the customer picker an empty start after each shipment added.
  const [pickerKey, setPickerKey] = useState(0);

  /** A customer chosen: the shipment is theirs, and they are its sender. */
  const chooseCustomer = (customer: CustomerListItem | null) => {
    setValue('customer_id', customer?.id ?? '');
    if (!customer) return;
    const fill = { shouldDirty: true, shouldValidate: false };
    setValue('sender_name', customer.name, fill);
    setValue('sender_email', customer.email ?? '', fill);
    setValue('sender_phone', customer.phone ?? '', fill);
    setValue('sender_address', customer.address ?? '', fill);
  };
  const bannerRef = useRef<HTMLDivElement>(null);

  const show = (next: Banner) => {
    setBanner(next);
    requestAnimationFrame(() => bannerRef.current?.focus());
  };

  const submit = handleSubmit(
    async (shipment) => {
      try {
        const created = (await addShipment(shipment)).data.tracking_number;
        show({ kind: 'success', trackingNumber: created, message: `Shipment ${created} added successfully!` });
        reset(defaults());
        setPickerKey((key) => key + 1);
      } catch (error) {
        if (!(error instanceof ApiError) || error.status === 401) return;
        applyServerErrors(setError, NAMES, error.fieldErrors);
        const list = flattenErrors(error.fieldErrors, labels(error.fieldErrors));
        show({
          kind: 'error',
          message: list.length ? 'Please correct these fields:' : error.message || 'Failed to add shipment',
          list,
        });
      }
    },
    (invalid) =>
      show({
        kind: 'error',
        message: 'Please correct these fields:',
        list: flattenErrors(messagesByField(invalid), labels(messagesByField(invalid))),
      }),
  );

  return (
    <section aria-labelledby="new-shipment-title" className="max-w-4xl">
      <h1 id="new-shipment-title" className="text-2xl font-bold text-slate-900">
        Add New Shipment
      </h1>

      <div ref={bannerRef} tabIndex={-1} className="outline-none" aria-live="polite">
        <NewShipmentBanner banner={banner} />
      </div>

      <form noValidate onSubmit={submit} className="mt-6 flex flex-col gap-6">
        <Group title="Tracking">
          <Field
            label="Tracking number"
            errors={messagesOf(errors, 'tracking_number')}
            hint="Generated; regenerate to draw another."
          >
            {(props) => (
              <div className="flex gap-2">
                <input
                  {...props}
                  {...register('tracking_number')}
                  readOnly
                  className={`${inputClass} bg-slate-100 font-mono`}
                />
                <button
                  type="button"
                  className={`${secondaryButtonClass} mt-1`}
                  onClick={() => setValue('tracking_number', generateTrackingNumber())}
                >
                  Regenerate
                </button>
              </div>
            )}
          </Field>
          <Field label="Status (required)" errors={messagesOf(errors, 'status')}>
            {(props) => (
              <select {...props} {...register('status')} className={inputClass}>
                <StatusOptions />
              </select>
            )}
          </Field>
        </Group>

        <Group title="Customer">
          <Field
            key={pickerKey}
            label="Customer (optional)"
            errors={messagesOf(errors, 'customer_id')}
            hint="Type part of a name, contact, email or id and choose from the list: the shipment is linked to the customer and the sender fields are filled in from it."
            className="sm:col-span-2"
          >
            {(props) => <CustomerCombobox {...props} onChange={(_, customer) => chooseCustomer(customer)} />}
          </Field>
        </Group>

        {GROUPS.map((group) => (
          <Group key={group.title} title={group.title}>
            {group.fields.map((field) => (
              <Field
                key={field.name}
                label={field.label}
                errors={messagesOf(errors, field.name)}
                {...(field.hint ? { hint: field.hint } : {})}
              >
                {(props) => (
                  <input
                    {...props}
                    {...register(field.name)}
                    type={field.type ?? 'text'}
                    {...(field.type === 'number' ? { min: 0, step: field.step, inputMode: 'decimal' as const } : {})}
                    {...(field.type === 'date' ? { placeholder: 'YYYY-MM-DD' } : {})}
                    {...(field.name === 'package_type' ? { list: 'new-package-types' } : {})}
                    className={inputClass}
                  />
                )}
              </Field>
            ))}
            {group.title === 'Package' && <PiecesEditor control={control} register={register} errors={errors} />}
          </Group>
        ))}
        <datalist id="new-package-types">
          {PACKAGE_TYPES.map((type) => (
            <option key={type} value={type} />
          ))}
        </datalist>

        <Group title="Notes">
          <Field label="Agent notes" errors={messagesOf(errors, 'agent_notes')} className="sm:col-span-2">
            {(props) => <textarea {...props} {...register('agent_notes')} rows={3} className={inputClass} />}
          </Field>
          <Field
            label="Staff note"
            hint="The shipment's first staff note, kept with your name and the time; customers never see it."
            errors={messagesOf(errors, 'admin_notes')}
            className="sm:col-span-2"
          >
            {(props) => <textarea {...props} {...register('admin_notes')} rows={3} className={inputClass} />}
          </Field>
        </Group>

        <div>
          <button type="submit" disabled={isSubmitting} className={buttonClass}>
            {isSubmitting ? 'Submitting...' : 'Submit'}
          </button>
        </div>
      </form>
    </section>
  );
}
