import { useEffect, useState } from 'react';
import { CUSTOMER_NOT_FOUND } from '@/lib/api/customers';
import type { CustomerDetail } from '@/lib/schemas/customer';
import { getCustomer } from '../api/customers';
import { failureMessage } from '../stores/load';
import { CustomerStatusBadge } from './CustomerStatusBadge';
import { Panel } from './Panel';

type State =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; customer: CustomerDetail };

/** The shipment's customer, linked to their page. */
export function ShipmentCustomer({ id }: { id: string }) {
  const [state, setState] = useState<State>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    getCustomer(id, { signal: controller.signal })
      .then(({ data }) => setState({ status: 'ready', customer: data }))
      .catch((error: unknown) => {
        const message = failureMessage(error, 'The customer could not be loaded.', { 404: CUSTOMER_NOT_FOUND });
        if (message) setState({ status: 'error', message });
      });
    return () => controller.abort();
  }, [id]);

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
              {state.customer.name}
            </a>
            <span className="text-slate-700">{id}</span>
            <CustomerStatusBadge status={state.customer.status} />
          </p>
          <p className="mt-1 text-slate-900">
            {[state.customer.contact, state.customer.email, state.customer.phone].filter(Boolean).join(' · ') || '—'}
          </p>
        </div>
      )}
    </Panel>
  );
}
