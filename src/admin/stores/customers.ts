import { CUSTOMER_NOT_FOUND } from '@/lib/api/customers';
import type { CustomerDetail, CustomerListItem } from '@/lib/schemas/customer';
import { getCustomer, listCustomers } from '../api/customers';
import { loadable, loader } from './load';
import { pagedList } from './paged-list';

const CUSTOMER_PAGE_SIZE = 20;

/** The customers list's URL parameters. */
export interface CustomerListParams {
  q: string;
  status: string;
  since: string;
  cursor: string;
  before: string;
}

export const customerParams = (search: Record<string, string>): CustomerListParams => ({
  q: search.q ?? '',
  status: search.status ?? '',
  since: search.since ?? '',
  cursor: search.cursor ?? '',
  before: search.before ?? '',
});

const list = pagedList<CustomerListItem, CustomerListParams>(
  ({ q, ...rest }, signal) => listCustomers({ q: q.trim(), ...rest, limit: CUSTOMER_PAGE_SIZE }, { signal }),
  'Failed to fetch customers.',
);

export const $customerList = list.$state;
export const loadCustomers = list.load;
export const refreshCustomers = list.refresh;

/** The customer the customer page shows. */
export const $customer = loadable<CustomerDetail>();

export const loadCustomer = loader($customer, async (signal, id: string) => (await getCustomer(id, { signal })).data, {
  fallback: 'Failed to fetch the customer.',
  expected: { 404: CUSTOMER_NOT_FOUND },
});

/** Shows a customer the server has just answered after a change. */
export const showCustomer = (customer: CustomerDetail) => $customer.set({ status: 'ready', data: customer });
