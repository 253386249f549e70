import { accountApi } from './account';
import { authApi } from './auth';
import type { Endpoint } from './contract';
import { customersApi } from './customers';
import { dashboardApi } from './dashboard';
import { quotesApi } from './quotes';
import { settingsApi } from './settings';
import { shipmentsApi } from './shipments';
import { trackingApi } from './tracking';

/** Every contract, by resource: the OpenAPI document and the tests walk this. */
export const API = {
  auth: authApi,
  account: accountApi,
  tracking: trackingApi,
  shipments: shipmentsApi,
  dashboard: dashboardApi,
  quotes: quotesApi,
  customers: customersApi,
  settings: settingsApi,
} satisfies Record<string, Record<string, Endpoint>>;

/** Every endpoint, each with its resource and name (e.g. `shipments.get`). */
export const ENDPOINTS: Array<{ resource: string; name: string; endpoint: Endpoint }> = Object.entries(API).flatMap(
  ([resource, endpoints]) =>
    Object.entries(endpoints).map(([name, endpoint]: [string, Endpoint]) => ({ resource, name, endpoint })),
);
