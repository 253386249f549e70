import { computed } from 'nanostores';
import { CUSTOMER_NOT_FOUND, customersApi } from '@/lib/api/customers';
import type { CustomerDetail, CustomerListItem } from '@/lib/schemas/customer';
import { $router } from '../router';
import { pagedList } from './paged-list';
import { dataOf, query } from './query';

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
  customersApi.list,
  'customers',
  customerParams,
  'Failed to fetch customers.',
);

/** The page of customers the URL asks for. */
export const $customerList = list.$state;
export const refreshCustomers = list.refresh;

const customer = query(
  customersApi.get,
  computed($router, (page) => (page?.route === 'customer' ? { params: { id: page.params.id } } : null)),
  { fallback: 'Failed to fetch the customer.', expected: { 404: CUSTOMER_NOT_FOUND }, pick: dataOf },
);

/** The customer the customer page shows. */
export const $customer = customer.$state;

/** Shows a customer the server has just answered after a change. */
export const showCustomer = (detail: CustomerDetail) => customer.show({ status: 'success', data: detail });
