import { type ReactNode, type SubmitEvent, useRef, useState } from 'react';
import { type Shipment, shipmentCreateSchema } from '@/lib/schemas/shipment';
import { generateTrackingNumber } from '@/lib/tracking-number';
import { ApiError, api, type FieldErrors } from '../api/client';
import { buttonClass, Field, inputClass, secondaryButtonClass } from '../components/Field';
import { PACKAGE_TYPES, StatusOptions } from '../components/StatusSelect';
import { localDateTimeToIso } from '../format';
import { flattenErrors, formValues, validate } from '../forms';

type Input = { name: string; label: string; type?: string; hint?: string; step?: string; wide?: boolean };

/** Every creation field of spec section 3, grouped as staff fill them in. */
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
      { name: 'arrival_time', label: 'Arrival time', type: 'datetime-local' },
      { name: 'shipping_date', label: 'Shipping date', type: 'date' },
      { name: 'estimated_delivery', label: 'Estimated delivery', type: 'date' },
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
  ['status', 'Status'],
  ['agent_notes', 'Agent notes'],
  ['admin_notes', 'Admin notes'],
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

export default function NewShipmentScreen() {
  const [trackingNumber, setTrackingNumber] = useState(generateTrackingNumber);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [banner, setBanner] = useState<Banner | null>(null);
  const [busy, setBusy] = useState(false);
  const [formKey, setFormKey] = useState(0);
  const bannerRef = useRef<HTMLDivElement>(null);

  const show = (next: Banner) => {
    setBanner(next);
    requestAnimationFrame(() => bannerRef.current?.focus());
  };

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = formValues(event.currentTarget);
    values.arrival_time = localDateTimeToIso(values.arrival_time ?? '');
    const checked = validate(shipmentCreateSchema, { ...values, tracking_number: trackingNumber });
    if (checked.errors) {
      setErrors(checked.errors);
      show({ kind: 'error', message: 'Please correct these fields:', list: flattenErrors(checked.errors, LABELS) });
      return;
    }
    setBusy(true);
    try {
      const answer = await api.post<{ message?: string; data: Shipment }>('/api/add_tracking', checked.data);
      const created = answer.data.tracking_number;
      setErrors({});
      show({ kind: 'success', trackingNumber: created, message: `Shipment ${created} added successfully!` });
      setTrackingNumber(generateTrackingNumber());
      setFormKey((key) => key + 1);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status === 401) return;
      setErrors(error.fieldErrors);
      const list = flattenErrors(error.fieldErrors, LABELS);
      show({
        kind: 'error',
        message: list.length ? 'Please correct these fields:' : error.message || 'Failed to add shipment',
        list,
      });
    } finally {
      setBusy(false);
    }
  }

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

      <form key={formKey} noValidate onSubmit={submit} className="mt-6 flex flex-col gap-6">
        <Group title="Tracking">
          <Field label="Tracking number" errors={errors.tracking_number} hint="Generated; regenerate to draw another.">
            {(props) => (
              <div className="flex gap-2">
                <input
                  {...props}
                  name="tracking_number"
                  value={trackingNumber}
                  readOnly
                  className={`${inputClass} bg-slate-100 font-mono`}
                />
                <button
                  type="button"
                  className={`${secondaryButtonClass} mt-1`}
                  onClick={() => setTrackingNumber(generateTrackingNumber())}
                >
                  Regenerate
                </button>
              </div>
            )}
          </Field>
          <Field label="Status (required)" errors={errors.status}>
            {(props) => (
              <select {...props} name="status" defaultValue="preparing" className={inputClass}>
                <StatusOptions />
              </select>
            )}
          </Field>
        </Group>

        {GROUPS.map((group) => (
          <Group key={group.title} title={group.title}>
            {group.fields.map((field) => (
              <Field
                key={field.name}
                label={field.label}
                errors={errors[field.name]}
                {...(field.hint ? { hint: field.hint } : {})}
              >
                {(props) => (
                  <input
                    {...props}
                    name={field.name}
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
          <Field label="Agent notes" errors={errors.agent_notes} className="sm:col-span-2">
            {(props) => <textarea {...props} name="agent_notes" rows={3} className={inputClass} />}
          </Field>
          <Field label="Admin notes" errors={errors.admin_notes} className="sm:col-span-2">
            {(props) => <textarea {...props} name="admin_notes" rows={3} className={inputClass} />}
          </Field>
        </Group>

        <div>
          <button type="submit" disabled={busy} className={buttonClass}>
            {busy ? 'Submitting...' : 'Submit'}
          </button>
        </div>
      </form>
    </section>
  );
}
