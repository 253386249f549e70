import { useStore } from '@nanostores/react';
import { type ReactNode, useEffect, useState } from 'react';
import type { FieldErrors as FormErrors } from 'react-hook-form';
import { toast } from 'sonner';
import type { ShipmentChange } from '@/lib/schemas/shipment/change';
import { SHIPMENT_FIELD_LABELS } from '@/lib/schemas/shipment/field-labels';
import { locationUpdateSchema } from '@/lib/schemas/shipment/location-update';
import type { Shipment } from '@/lib/schemas/shipment/shipment';
import { statusUpdateSchema } from '@/lib/schemas/shipment/status-update';
import { statusLabel } from '@/lib/shipment-status';
import { entryWording } from '@/lib/timeline';
import { formatWeight } from '@/lib/weight';
import { ApiError } from '../api/client';
import { updateLocation, updateStatus } from '../api/shipments';
import { buttonClass, ErrorAlert, Field, inputClass, secondaryButtonClass } from '../components/Field';
import { Panel } from '../components/Panel';
import { ShipmentCustomer } from '../components/ShipmentCustomer';
import { ShipmentDialog } from '../components/ShipmentDialog';
import { StaffNotes } from '../components/StaffNotes';
import { StatusBadge } from '../components/StatusBadge';
import { StatusOptions } from '../components/StatusSelect';
import { Tabs } from '../components/Tabs';
import { formatDate, formatDateTime, localTimeZone } from '../format';
import { applyServerErrors, messagesOf, useSchemaForm } from '../forms';
import { $shipment, loadShipment, showShipment } from '../stores/shipment';

function Facts({ items }: { items: Array<[string, ReactNode]> }) {
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-2 text-sm">
      {items.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-medium text-slate-700">{term}</dt>
          <dd className="text-slate-900">{value === null || value === undefined || value === '' ? '—' : value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** After a successful update: the answered shipment is shown, the form cleared, a toast says so. */
function useUpdated(success: string, reset: () => void) {
  return (shipment: Shipment) => {
    showShipment(shipment);
    reset();
    toast.success(success);
  };
}

function StatusForm({ shipment }: { shipment: Shipment }) {
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useSchemaForm(statusUpdateSchema, {
    tracking_number: shipment.tracking_number,
    status: '',
    current_country: '',
    current_city: '',
    note: '',
  });
  const done = useUpdated('Status updated successfully!', reset);
  const submit = handleSubmit(
    async (update) => {
      try {
        done((await updateStatus(update)).data);
      } catch (error) {
        if (!(error instanceof ApiError) || error.status === 401) return;
        applyServerErrors(setError, ['status', 'current_country', 'current_city', 'note'], error.fieldErrors);
        toast.error(error.status === 0 ? 'Error updating status.' : 'Failed to update status.');
      }
    },
    (invalid) => toast.error(invalid.status ? 'Please select a status' : firstMessage(invalid)),
  );

  return (
    <form noValidate onSubmit={submit} className="grid max-w-xl gap-4 sm:grid-cols-2">
      <Field label="New status" errors={messagesOf(errors, 'status')} className="sm:col-span-2">
        {(props) => (
          <select {...props} {...register('status')} className={inputClass}>
            <StatusOptions placeholder="Select a status" />
          </select>
        )}
      </Field>
      <Field
        label="Where (country, optional)"
        hint="Where it happened; it becomes the current location."
        errors={messagesOf(errors, 'current_country')}
      >
        {(props) => (
          <input {...props} {...register('current_country')} type="text" autoComplete="off" className={inputClass} />
        )}
      </Field>
      <Field label="City (optional)" errors={messagesOf(errors, 'current_city')}>
        {(props) => (
          <input {...props} {...register('current_city')} type="text" autoComplete="off" className={inputClass} />
        )}
      </Field>
      <Field
        className="sm:col-span-2"
        label="Note"
        hint="Shown on the public tracking page exactly as typed."
        errors={messagesOf(errors, 'note')}
      >
        {(props) => <textarea {...props} {...register('note')} rows={3} className={inputClass} />}
      </Field>
      <div>
        <button type="submit" disabled={isSubmitting} className={buttonClass}>
          {isSubmitting ? 'Updating...' : 'Update Status'}
        </button>
      </div>
    </form>
  );
}

function LocationForm({ shipment }: { shipment: Shipment }) {
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useSchemaForm(
    locationUpdateSchema,
    { tracking_number: shipment.tracking_number, current_country: '', current_city: '', arrival_time: '', note: '' },
    { localDateTimes: ['arrival_time'] },
  );
  const done = useUpdated('Location updated successfully!', reset);
  const submit = handleSubmit(
    async (update) => {
      try {
        done((await updateLocation(update)).data);
      } catch (error) {
        if (!(error instanceof ApiError) || error.status === 401) return;
        applyServerErrors(setError, ['current_country', 'current_city', 'arrival_time', 'note'], error.fieldErrors);
        toast.error(
          error.status === 0
            ? 'An error occurred while updating location.'
            : error.status === 422 && error.message
              ? error.message
              : 'Failed to update location.',
        );
      }
    },
    (invalid) => toast.error(firstMessage(invalid)),
  );

  return (
    <form noValidate onSubmit={submit} className="grid max-w-xl gap-4 sm:grid-cols-2">
      <Field label="Current country" errors={messagesOf(errors, 'current_country')}>
        {(props) => (
          <input {...props} {...register('current_country')} type="text" autoComplete="off" className={inputClass} />
        )}
      </Field>
      <Field label="Current city (optional)" errors={messagesOf(errors, 'current_city')}>
        {(props) => (
          <input {...props} {...register('current_city')} type="text" autoComplete="off" className={inputClass} />
        )}
      </Field>
      <Field
        label="Expected arrival (optional)"
        hint={`Only while it is on its way there: when it will arrive, in your time zone (${localTimeZone()}); it becomes the next arrival. Leave empty when it is there now.`}
        errors={messagesOf(errors, 'arrival_time')}
        className="sm:col-span-2"
      >
        {(props) => <input {...props} {...register('arrival_time')} type="datetime-local" className={inputClass} />}
      </Field>
      <Field
        label="Location note (optional)"
        hint="Shown on the public tracking page exactly as typed."
        errors={messagesOf(errors, 'note')}
        className="sm:col-span-2"
      >
        {(props) => <textarea {...props} {...register('note')} rows={2} className={inputClass} />}
      </Field>
      <div>
        <button type="submit" disabled={isSubmitting} className={buttonClass}>
          {isSubmitting ? 'Updating...' : 'Update Location'}
        </button>
      </div>
    </form>
  );
}

/** A value as the record of changes shows it: status by its label, nothing as a dash. */
function changeValue(field: string, value: ShipmentChange['before']): string {
  if (value === null || value === '') return '—';
  if (field === 'status') return statusLabel(value);
  if (field === 'arrival_time' && typeof value === 'string') return formatDateTime(value);
  return String(value);
}

/** What edits changed, newest first: who, when, and each field's value before and after. */
function ShipmentChanges({ changes }: { changes: ShipmentChange[] }) {
  if (changes.length === 0) return <p className="text-sm text-slate-700">No edits yet.</p>;
  const newest = [...changes].reverse();
  return (
    <ol className="flex flex-col gap-2 text-sm" aria-label="Changes, newest first">
      {newest.map((change) => (
        <li key={change.id} className="border-l-4 border-slate-300 pl-3">
          <p className="text-slate-900">
            <span className="font-medium">{SHIPMENT_FIELD_LABELS[change.field] ?? change.field}:</span>{' '}
            <span className="break-words">
              {changeValue(change.field, change.before)} → {changeValue(change.field, change.after)}
            </span>
          </p>
          <p className="text-slate-700">
            <time dateTime={change.created_at}>{formatDateTime(change.created_at)}</time>
            {change.author ? ` · ${change.author}` : ''}
          </p>
        </li>
      ))}
    </ol>
  );
}

const firstMessage = (errors: FormErrors): string =>
  Object.values(errors)
    .find((error) => typeof error?.message === 'string')
    ?.message?.toString() ?? 'Please check the form.';

export default function ViewShipmentScreen({ trackingNumber }: { trackingNumber: string }) {
  const state = useStore($shipment);
  const [editing, setEditing] = useState(false);
  useEffect(() => {
    void loadShipment(trackingNumber);
  }, [trackingNumber]);

  if (state.status === 'loading') {
    return (
      <p role="status" className="text-slate-700">
        Loading...
      </p>
    );
  }
  if (state.status === 'error') {
    return (
      <section>
        <h1 className="text-2xl font-bold text-slate-900">View Shipment</h1>
        <ErrorAlert className="mt-4">{state.message}</ErrorAlert>
        <a href="/admin/shipments" className="mt-4 inline-block font-semibold text-brand-700 underline">
          Back to shipments
        </a>
      </section>
    );
  }

  const shipment = state.data;
  const histories = [...shipment.histories].sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);
  return (
    <section aria-labelledby="view-title" className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="view-title" className="text-2xl font-bold text-slate-900">
          Tracking # <span className="font-mono">{shipment.tracking_number}</span>
        </h1>
        <div className="flex flex-wrap items-center gap-4">
          <StatusBadge status={shipment.status ?? ''} />
          <a
            href={`/track?number=${encodeURIComponent(shipment.tracking_number)}`}
            target="_blank"
            rel="noopener"
            className="text-sm font-semibold text-brand-700 underline"
          >
            View on public tracking page<span className="sr-only"> (opens in a new tab)</span>
          </a>
          <a
            href={`/admin/waybills?numbers=${encodeURIComponent(shipment.tracking_number)}`}
            target="_blank"
            rel="noopener"
            className="text-sm font-semibold text-brand-700 underline"
          >
            Print waybill<span className="sr-only"> (opens in a new tab)</span>
          </a>
          <button type="button" className={secondaryButtonClass} onClick={() => setEditing(true)}>
            Edit shipment
          </button>
        </div>
      </div>

      <div className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
        <Tabs
          label="Update shipment"
          tabs={[
            { title: 'Update Status', panel: <StatusForm shipment={shipment} /> },
            { title: 'Update Location', panel: <LocationForm shipment={shipment} /> },
          ]}
        />
      </div>

      <div className="grid gap-6 lg:grid-cols-2">
        {shipment.customer_id ? <ShipmentCustomer id={shipment.customer_id} /> : null}
        <Panel title="Sender Info">
          <Facts
            items={[
              ['Name', shipment.sender_name],
              ['Phone', shipment.sender_phone],
              ['Email', shipment.sender_email],
              ['Address', shipment.sender_address],
            ]}
          />
        </Panel>
        <Panel title="Recipient Info">
          <Facts
            items={[
              ['Name', shipment.recipient_name],
              ['Phone', shipment.recipient_phone],
              ['Email', shipment.recipient_mail],
              ['Address', shipment.recipient_address],
            ]}
          />
        </Panel>
        <Panel title="Shipment Details">
          <Facts
            items={[
              ['Status', <StatusBadge key="status" status={shipment.status ?? ''} />],
              ['Weight', shipment.weight === null ? null : formatWeight(shipment.weight)],
              ['Dimensions', shipment.dimensions],
              ['Package type', shipment.package_type],
              ['Contents', shipment.contents],
              [
                'Declared value',
                shipment.declared_value === null ? null : `$${shipment.declared_value.toLocaleString('en-US')}`,
              ],
              ['Origin', shipment.origin],
              ['Destination', shipment.destination],
              ['Order date', formatDate(shipment.order_date)],
              ['Shipping date', formatDate(shipment.shipping_date)],
              ['Estimated delivery', formatDate(shipment.estimated_delivery)],
              ['Delivery date', formatDate(shipment.delivery_date)],
              ['Current location', shipment.current_location],
              ['Next arrival', formatDateTime(shipment.arrival_time)],
              ['Courier', shipment.courier],
              ['Delivery method', shipment.delivery_method],
              ['Customs status', shipment.customs_status],
              [
                'Customs fees',
                shipment.customs_fees === null ? null : `$${shipment.customs_fees.toLocaleString('en-US')}`,
              ],
            ]}
          />
        </Panel>
        <div className="flex flex-col gap-6">
          <Panel title="Staff notes">
            <p className="mb-3 text-sm text-slate-700">
              <span className="font-semibold">Staff only:</span> never shown to customers.
            </p>
            <StaffNotes notes={shipment.notes} label="Staff notes, oldest first" />
            {shipment.agent_notes ? (
              <p className="mt-3 whitespace-pre-line text-sm text-slate-700">
                <span className="font-medium">Agent notes:</span> {shipment.agent_notes}
              </p>
            ) : null}
          </Panel>
          <Panel title="Tracking History">
            <p className="mb-3 text-sm text-slate-700">Customers see these events on the public tracking page.</p>
            {histories.length === 0 ? (
              <p className="text-sm text-slate-700">No history yet.</p>
            ) : (
              <ol className="flex flex-col gap-3" aria-label="Tracking history, newest first">
                {histories.map((entry) => {
                  const { place, arrival } = entryWording(entry);
                  return (
                    <li key={entry.id} className="border-l-4 border-brand-600 pl-3 text-sm">
                      <div className="flex flex-wrap items-center gap-2">
                        <StatusBadge status={entry.status} />
                        <time dateTime={entry.created_at} className="text-slate-700">
                          {formatDateTime(entry.created_at)}
                        </time>
                      </div>
                      {place ? <p className="mt-1 text-slate-900">{place}</p> : null}
                      {arrival ? (
                        <p className="mt-1 text-slate-700">
                          {arrival.label}: <time dateTime={arrival.time}>{formatDateTime(arrival.time)}</time>
                        </p>
                      ) : null}
                      {entry.notes ? <p className="mt-1 whitespace-pre-line text-slate-900">{entry.notes}</p> : null}
                    </li>
                  );
                })}
              </ol>
            )}
          </Panel>
          <Panel title="Changes">
            <ShipmentChanges changes={shipment.changes} />
          </Panel>
        </div>
      </div>
      <ShipmentDialog
        trackingNumber={shipment.tracking_number}
        open={editing}
        onClose={() => setEditing(false)}
        onSaved={(saved) => {
          setEditing(false);
          showShipment(saved);
        }}
      />
    </section>
  );
}
