import { useStore } from '@nanostores/react';
import { type ReactNode, useCallback, useState } from 'react';
import { toast } from 'sonner';
import { customersApi } from '@/lib/api/customers';
import { formatDate, formatDateTime } from '@/lib/date-display';
import { type CustomerDetail, ERASED_NAME } from '@/lib/schemas/customer';
import { useMay } from '../access';
import { eraseCustomer, updateCustomer } from '../api/customers';
import { CustomerDialog } from '../components/CustomerDialog';
import { CustomerStatusBadge } from '../components/CustomerStatusBadge';
import { ConfirmDialog } from '../components/Dialog';
import { dangerButtonClass, secondaryButtonClass } from '../components/Field';
import { LoadFailed, Loading } from '../components/Loading';
import { Panel } from '../components/Panel';
import { StatusBadge } from '../components/StatusBadge';
import { own, toastFailure } from '../forms';
import { $customer, showCustomer } from '../stores/customers';

function Facts({ items }: { items: Array<[string, ReactNode]> }) {
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-2 text-sm [overflow-wrap:anywhere]">
      {items.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-medium text-slate-700">{term}</dt>
          <dd className="whitespace-pre-line text-slate-900">
            {value === null || value === undefined || value === '' ? '—' : value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** Deactivating keeps the customer and their shipments; it only takes them out of the pickers. */
function StatusToggle({ customer }: { customer: CustomerDetail }) {
  const [busy, setBusy] = useState(false);
  const next = customer.status === 'active' ? 'inactive' : 'active';
  const toggle = async () => {
    setBusy(true);
    try {
      const { data } = await updateCustomer(customer.id, { status: next });
      showCustomer(data);
      toast.success(`${data.name} is now ${data.status}`);
    } catch (error) {
      toastFailure(error, 'Failed to change the customer status');
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className={secondaryButtonClass} disabled={busy} onClick={() => void toggle()}>
      {customer.status === 'active' ? 'Deactivate' : 'Reactivate'}
    </button>
  );
}

const shipmentsKept = (count: number) =>
  count === 1 ? 'their 1 shipment, which is kept' : `their ${count.toLocaleString('en')} shipments, which are kept`;

/**
 * Erasure on the customer's request, after a confirmation saying what goes and what stays: the
 * personal data goes, the shipments stay under "Erased customer".
 */
function EraseAction({ customer }: { customer: CustomerDetail }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const confirm = async () => {
    setBusy(true);
    try {
      const { data } = await eraseCustomer(customer.id);
      showCustomer(data);
      toast.success(`${customer.id} erased`);
    } catch (error) {
      toastFailure(error, 'Failed to erase the customer', own);
    } finally {
      setBusy(false);
      setOpen(false);
    }
  };
  return (
    <>
      <button type="button" className={dangerButtonClass} onClick={() => setOpen(true)}>
        Erase personal data
      </button>
      <ConfirmDialog
        open={open}
        title={`Erase ${customer.name}?`}
        onClose={close}
        busy={busy}
        label="Erase"
        busyLabel="Erasing..."
        onConfirm={() => void confirm()}
      >
        Do this only when the customer asks. Their name, contact, email, phone and address are removed from this record
        and from {shipmentsKept(customer.shipments)} under "{ERASED_NAME}"; their quote requests and pickups go and
        their emails not yet sent are cancelled. This cannot be undone.
      </ConfirmDialog>
    </>
  );
}

export default function CustomerScreen() {
  const state = useStore($customer);
  const may = useMay();
  const [editing, setEditing] = useState({ open: false, key: 0 });
  const close = useCallback(() => setEditing((current) => ({ ...current, open: false })), []);
  if (state.status === 'loading') {
    return <Loading />;
  }
  if (state.status === 'error') {
    return (
      <LoadFailed
        title="Customer"
        message={state.message}
        back={{ href: '/admin/customers', label: 'Back to customers' }}
      />
    );
  }

  const customer = state.data;
  const shown = customer.recent_shipments.length;
  return (
    <section aria-labelledby="customer-title" className="flex flex-col gap-6">
      <div>
        <a href="/admin/customers" className="text-sm font-semibold text-brand-700 underline">
          Customers
        </a>
        <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
          <h1 id="customer-title" className="flex flex-wrap items-center gap-3 text-2xl font-bold text-slate-900">
            {customer.name}
            <CustomerStatusBadge status={customer.status} />
          </h1>
          {customer.erased_at || !may(customersApi.update) ? null : (
            <div className="flex flex-wrap gap-2">
              <button
                type="button"
                className={secondaryButtonClass}
                onClick={() => setEditing((current) => ({ open: true, key: current.key + 1 }))}
              >
                Edit
              </button>
              <StatusToggle customer={customer} />
              {may(customersApi.erase) ? <EraseAction customer={customer} /> : null}
            </div>
          )}
        </div>
      </div>

      {customer.erased_at ? (
        <p role="status" className="rounded-md border border-slate-300 bg-slate-50 p-3 text-sm text-slate-800">
          Personal data erased on request on {formatDateTime(customer.erased_at)}. The shipments are kept.
        </p>
      ) : null}
      <Panel title="Details">
        <Facts
          items={[
            [
              'ID',
              <span key="id" className="font-mono">
                {customer.id}
              </span>,
            ],
            ['Contact', customer.contact],
            [
              'Email',
              customer.email ? (
                <a key="email" className="text-brand-700 underline" href={`mailto:${customer.email}`}>
                  {customer.email}
                </a>
              ) : null,
            ],
            ['Phone', customer.phone],
            ['Address', customer.address],
            ['Shipments', customer.shipments.toLocaleString('en')],
            ['Customer since', formatDateTime(customer.created_at)],
          ]}
        />
      </Panel>

      <Panel title="Shipments">
        {shown === 0 ? (
          <p className="text-sm text-slate-700">No shipments yet.</p>
        ) : (
          <>
            <p className="text-sm text-slate-700">
              {customer.shipments > shown
                ? `The ${shown} most recent of ${customer.shipments.toLocaleString('en')} shipments.`
                : `${shown} shipment${shown === 1 ? '' : 's'}, newest first.`}
            </p>
            <ul className="mt-3 divide-y divide-slate-200" aria-label={`Shipments of ${customer.name}`}>
              {customer.recent_shipments.map((shipment) => (
                <li key={shipment.id} className="flex flex-wrap items-center justify-between gap-3 py-3 text-sm">
                  <div>
                    <a
                      href={`/admin/view_shipment/${shipment.tracking_number}`}
                      className="font-mono font-semibold text-brand-700 underline-offset-2 hover:underline"
                    >
                      {shipment.tracking_number}
                    </a>
                    <p className="text-slate-700">
                      {shipment.origin} <span aria-hidden="true">→</span>
                      <span className="sr-only">to</span> {shipment.destination}
                      {shipment.arrival_time ? ` · ETA ${formatDate(shipment.arrival_time)}` : ''}
                    </p>
                  </div>
                  <StatusBadge status={shipment.status} />
                </li>
              ))}
            </ul>
            {customer.shipments > shown ? (
              <a
                href={`/admin/shipments?q=${encodeURIComponent(customer.name)}`}
                className="mt-3 inline-block text-sm font-semibold text-brand-700 underline"
              >
                Search all shipments for {customer.name}
              </a>
            ) : null}
          </>
        )}
      </Panel>

      <CustomerDialog
        key={editing.key}
        open={editing.open}
        customer={customer}
        onClose={close}
        onSaved={(saved) => {
          close();
          showCustomer(saved);
        }}
      />
    </section>
  );
}
