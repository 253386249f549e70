import { type ReactNode, useRef, useState } from 'react';
import type { FieldErrors as FormErrors } from 'react-hook-form';
import type { z } from 'zod';
import { newShipmentSchema } from '@/lib/api/shipments';
import type { CustomerListItem } from '@/lib/schemas/customer';
import { generateTrackingNumber } from '@/lib/tracking-number';
import { ApiError, type FieldErrors } from '../api/client';
import { addShipment } from '../api/shipments';
import { CustomerCombobox } from '../components/CustomerCombobox';
import { buttonClass, Field, inputClass, secondaryButtonClass } from '../components/Field';
import { PACKAGE_TYPES, StatusOptions } from '../components/StatusSelect';
import { localTimeZone } from '../format';
import { applyServerErrors, flattenErrors, messagesOf, useSchemaForm } from '../forms';

type Values = z.input<typeof newShipmentSchema>;
type Name = keyof Values & string;
type Input = { name: Name; label: string; type?: string; hint?: string; step?: string; wide?: boolean };

/** Every field a shipment takes on creation (shipmentCreateSchema), grouped as staff fill them in. */
const GROUPS: Array<{ title: string; fields: Input[] }> = [
  {
    title: 'Order',
    fields: [
      { name: 'order_date', label: 'Order date', type: 'date' },
      { name: 'courier', label: 'Courier' },
      { name: 'delivery_method', label: 'Delivery method' },
    ],
  },
  {
    title: 'Sender',
    fields: [
      { name: 'sender_name', label: 'Sender name (required)' },
      { name: 'sender_phone', label: 'Sender phone', type: 'tel' },
      { name: 'sender_email', label: 'Sender email', type: 'email' },
      { name: 'sender_address', label: 'Sender address' },
    ],
  },
  {
    title: 'Recipient',
    fields: [
      { name: 'recipient_name', label: 'Recipient name (required)' },
      { name: 'recipient_phone', label: 'Recipient phone', type: 'tel' },
      { name: 'recipient_mail', label: 'Recipient email', type: 'email' },
      { name: 'recipient_address', label: 'Recipient address (required)' },
    ],
  },
  {
    title: 'Package',
    fields: [
      { name: 'weight', label: 'Weight (kg)', type: 'number', step: '0.1' },
      { name: 'dimensions', label: 'Dimensions', hint: 'e.g. 40 x 30 x 20 cm' },
      { name: 'package_type', label: 'Package type' },
      { name: 'contents', label: 'Contents' },
      { name: 'declared_value', label: 'Declared value (USD)', type: 'number', step: '0.01' },
    ],
  },
  {
    title: 'Route and dates',
    fields: [
      { name: 'origin', label: 'Origin (required)' },
      { name: 'destination', label: 'Destination (required)' },
      { name: 'current_location', label: 'Current location' },
      {
        name: 'arrival_time',
        label: 'Next arrival',
        type: 'datetime-local',
        hint: `When it reaches its next stop, in your time zone (${localTimeZone()}).`,
      },
      { name: 'shipping_date', label: 'Shipping date', type: 'date' },
      {
        name: 'estimated_delivery',
        label: 'Estimated delivery',
        type: 'date',
        hint: 'The date promised to the customer.',
      },
      { name: 'delivery_date', label: 'Delivery date', type: 'date' },
    ],
  },
  {
    title: 'Customs and fees',
    fields: [
      { name: 'customs_status', label: 'Customs status' },
      { name: 'customs_fees', label: 'Customs fees (USD)', type: 'number', step: '0.01' },
    ],
  },
];

const LABELS: Record<string, string> = Object.fromEntries([
  ...GROUPS.flatMap((group) => group.fields.map((field) => [field.name, field.label.replace(' (required)', '')])),
  ['tracking_number', 'Tracking number'],
  ['customer_id', 'Customer'],
  ['status', 'Status'],
  ['agent_notes', 'Agent notes'],
  ['admin_notes', 'Staff note'],
]);

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      <legend className="px-1 text-base font-semibold text-slate-900">{title}</legend>
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

type Banner =
  | { kind: 'success'; trackingNumber: string; message: string }
  | { kind: 'error'; message: string; list: string[] };

const NAMES: Name[] = [
  'tracking_number',
  'customer_id',
  'status',
  ...GROUPS.flatMap((group) => group.fields.map((field) => field.name)),
  'agent_notes',
  'admin_notes',
];

const defaults = (): Values => ({
  tracking_number: generateTrackingNumber(),
  status: 'preparing',
  sender_name: '',
  recipient_name: '',
  recipient_address: '',
  origin: '',
  destination: '',
});

/** The client's field errors as the server words them: messages per field. */
const messagesByField = (errors: FormErrors<Values>): FieldErrors =>
  Object.fromEntries(NAMES.flatMap((name) => (errors[name]?.message ? [[name, [errors[name].message]]] : [])));

export default function NewShipmentScreen() {
  // The next arrival is typed in local time; the API takes it as an ISO instant.
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setValue,
    formState: { errors, isSubmitting },
  } = useSchemaForm(newShipmentSchema, defaults(), { localDateTimes: ['arrival_time'] });
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
        const list = flattenErrors(error.fieldErrors, LABELS);
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
        list: flattenErrors(messagesByField(invalid), LABELS),
      }),
  );

  return (
    <section aria-labelledby="new-shipment-title" className="max-w-4xl">
      <h1 id="new-shipment-title" className="text-2xl font-bold text-slate-900">
        Add New Shipment
      </h1>

      <div ref={bannerRef} tabIndex={-1} className="outline-none" aria-live="polite">
        {banner?.kind === 'success' ? (
          <div className="mt-4 rounded-md border border-green-300 bg-green-50 p-4 text-green-900">
            <p className="font-semibold">{banner.message}</p>
            <a
              href={`/admin/view_shipment/${banner.trackingNumber}`}
              className="mt-1 inline-block font-semibold text-green-900 underline"
            >
              View shipment {banner.trackingNumber}
            </a>
          </div>
        ) : banner?.kind === 'error' ? (
          <div role="alert" className="mt-4 rounded-md border border-red-300 bg-red-50 p-4 text-red-900">
            <p className="font-semibold">{banner.message}</p>
            {banner.list.length ? (
              <ul className="mt-2 list-disc pl-5 text-sm">
                {banner.list.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}
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
