import { useStore } from '@nanostores/react';
import { useCallback, useState } from 'react';
import { customersApi } from '@/lib/api/customers';
import { exportsApi } from '@/lib/api/exports';
import { formatDate } from '@/lib/date-display';
import { CUSTOMER_STATUS_LABELS, CUSTOMER_STATUSES, type CustomerListItem } from '@/lib/schemas/customer';
import { useMay } from '../access';
import { CustomerDialog } from '../components/CustomerDialog';
import { CustomerStatusBadge } from '../components/CustomerStatusBadge';
import { ExportLink } from '../components/ExportLink';
import { buttonClass } from '../components/Field';
import { ListFooter } from '../components/ListFooter';
import { Filter, ListViews, SearchAndFilters, SearchBox } from '../components/ListParts';
import { goToList, useSearchBox, useSearchParams } from '../list-url';
import { $customerList, type CustomerListParams, customerParams, refreshCustomers } from '../stores/customers';

const COLUMNS = ['ID', 'Customer', 'Contact', 'Email', 'Phone', 'Shipments', 'Status', 'Actions'];

const actionClass = 'rounded px-2 py-1 font-semibold text-brand-700 underline-offset-2 hover:underline';

function Actions({ customer, onEdit }: { customer: CustomerListItem; onEdit: (() => void) | null }) {
  return (
    <div className="flex gap-2">
      <a href={`/admin/customers/${customer.id}`} className={actionClass} aria-label={`View ${customer.name}`}>
        View
      </a>
      {onEdit ? (
        <button type="button" className={actionClass} aria-label={`Edit ${customer.name}`} onClick={onEdit}>
          Edit
        </button>
      ) : null}
    </div>
  );
}

const orDash = (value: string | null) => value || '—';

export default function CustomersScreen() {
  const list = useStore($customerList);
  const may = useMay();
  const params = customerParams(useSearchParams());
  const { q, status, since } = params;
  const go = (next: Partial<CustomerListParams>, options?: { replace?: boolean }) =>
    goToList('customers', { q, status, since, ...next }, options);
  const [search, setSearch] = useSearchBox(q, (value) => go({ q: value }, { replace: true }));
  const [dialog, setDialog] = useState<{ open: boolean; key: number; customer?: CustomerListItem }>({
    open: false,
    key: 0,
  });
  const openDialog = (customer?: CustomerListItem) =>
    setDialog((current) => ({ open: true, key: current.key + 1, ...(customer ? { customer } : {}) }));
  const closeDialog = useCallback(() => setDialog((current) => ({ ...current, open: false })), []);

  const saved = () => {
    closeDialog();
    // A new customer is first in the list: show the first page. The page shown is asked again after any write.
    if (!dialog.customer && (params.cursor || params.before)) go({});
  };

  const activeFilters = [status, since].filter(Boolean).length;

  return (
    <section aria-labelledby="customers-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="customers-title" className="text-2xl font-bold text-slate-900">
          Customers
        </h1>
        <div className="flex flex-wrap justify-end gap-2">
          <ExportLink
            endpoint={exportsApi.customers}
            filters={{ q, status, since }}
            file="customers.csv"
            what="customers"
          />
          {may(customersApi.create) ? (
            <button type="button" className={buttonClass} onClick={() => openDialog()}>
              New Customer
            </button>
          ) : null}
        </div>
      </div>

      <SearchAndFilters
        search={<SearchBox id="customer-search" label="Search customers" value={search} onChange={setSearch} />}
        active={activeFilters}
        onClear={() => go({ status: '', since: '' })}
      >
        <Filter id="customer-filter-status" label="Status" value={status} onChange={(value) => go({ status: value })}>
          <option value="">All statuses</option>
          {CUSTOMER_STATUSES.map((option) => (
            <option key={option} value={option}>
              {CUSTOMER_STATUS_LABELS[option]}
            </option>
          ))}
        </Filter>
        <Filter
          id="customer-filter-since"
          label="Created since"
          type="date"
          value={since}
          onChange={(value) => go({ since: value })}
        />
      </SearchAndFilters>

      <ListViews
        state={list}
        empty="No customers found."
        onRetry={() => void refreshCustomers()}
        caption="Customers"
        columns={COLUMNS}
        cardHeight="h-28"
        row={(customer) => (
          <tr key={customer.id}>
            <td className="whitespace-nowrap px-4 py-3 font-mono text-slate-700">{customer.id}</td>
            <td className="px-4 py-3 font-semibold text-slate-900">{customer.name}</td>
            <td className="px-4 py-3 text-slate-700">{orDash(customer.contact)}</td>
            <td className="px-4 py-3 text-slate-700">{orDash(customer.email)}</td>
            <td className="whitespace-nowrap px-4 py-3 text-slate-700">{orDash(customer.phone)}</td>
            <td className="px-4 py-3 text-slate-900">{customer.shipments.toLocaleString('en')}</td>
            <td className="px-4 py-3">
              <CustomerStatusBadge status={customer.status} />
            </td>
            <td className="px-4 py-3">
              <Actions customer={customer} onEdit={may(customersApi.update) ? () => openDialog(customer) : null} />
            </td>
          </tr>
        )}
        card={(customer) => (
          <li key={customer.id} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="font-semibold text-slate-900">{customer.name}</span>
              <CustomerStatusBadge status={customer.status} />
            </div>
            <dl className="mt-2 grid grid-cols-[max-content_1fr] gap-x-3 text-sm [overflow-wrap:anywhere]">
              <dt className="text-slate-700">ID</dt>
              <dd className="font-mono text-slate-900">{customer.id}</dd>
              <dt className="text-slate-700">Contact</dt>
              <dd className="text-slate-900">{orDash(customer.contact)}</dd>
              <dt className="text-slate-700">Email</dt>
              <dd className="text-slate-900">{orDash(customer.email)}</dd>
              <dt className="text-slate-700">Phone</dt>
              <dd className="text-slate-900">{orDash(customer.phone)}</dd>
              <dt className="text-slate-700">Shipments</dt>
              <dd className="text-slate-900">{customer.shipments.toLocaleString('en')}</dd>
            </dl>
            <div className="mt-2 -ml-2">
              <Actions customer={customer} onEdit={may(customersApi.update) ? () => openDialog(customer) : null} />
            </div>
          </li>
        )}
      />

      {since ? (
        <p className="mt-3 text-sm text-slate-700">Showing customers created since {formatDate(since)}.</p>
      ) : null}
      <ListFooter state={list} noun="customers" onPage={go} />

      <CustomerDialog
        key={dialog.key}
        open={dialog.open}
        customer={dialog.customer}
        onClose={closeDialog}
        onSaved={saved}
      />
    </section>
  );
}
