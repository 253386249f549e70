import { CUSTOMER_NOT_FOUND, customersApi } from '@/lib/api/customers';
import { useQuery } from '../stores/query';
import { CustomerStatusBadge } from './CustomerStatusBadge';
import { Panel } from './Panel';

/** The shipment's customer, linked to their page. */
export function ShipmentCustomer({ id }: { id: string }) {
  const state = useQuery(
    customersApi.get,
    { params: { id } },
    { fallback: 'The customer could not be loaded.', expected: { 404: CUSTOMER_NOT_FOUND } },
  );

  return (
    <Panel title="Customer">
      {state.status === 'loading' ? (
        <p className="text-sm text-slate-700">Loading...</p>
      ) : state.status === 'error' ? (
        <p className="text-sm text-slate-700">
          <a href={`/admin/customers/${id}`} className="font-semibold text-brand-700 underline">
            {id}
          </a>{' '}
          ({state.message})
        </p>
      ) : (
        <div className="text-sm">
          <p className="flex flex-wrap items-center gap-2">
            <a href={`/admin/customers/${id}`} className="font-semibold text-brand-700 underline">
              {state.data.name}
            </a>
            <span className="text-slate-700">{id}</span>
            <CustomerStatusBadge status={state.data.status} />
          </p>
          <p className="mt-1 text-slate-900">
            {[state.data.contact, state.data.email, state.data.phone].filter(Boolean).join(' · ') || '—'}
          </p>
        </div>
      )}
    </Panel>
  );
}
