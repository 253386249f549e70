import { accountApi } from './account';
import { alertsApi } from './alerts';
import { apiKeysApi } from './api-keys';
import { auditApi } from './audit';
import { authApi } from './auth';
import { bulkApi } from './bulk';
import type { Endpoint } from './contract';
import { customersApi } from './customers';
import { dashboardApi } from './dashboard';
import { deliveryRequestsApi } from './delivery-requests';
import { driverApi } from './driver';
import { exceptionsApi } from './exceptions';
import { exportsApi } from './exports';
import { importsApi } from './imports';
import { outboxApi } from './outbox';
import { pickupsApi } from './pickups';
import { placesApi } from './places';
import { proofsApi } from './proofs';
import { quoteOffersApi } from './quote-offers';
import { quotesApi } from './quotes';
import { runsApi } from './runs';
import { scansApi } from './scans';
import { settingsApi } from './settings';
import { shipmentsApi } from './shipments';
import { teamApi } from './team';
import { trackingApi } from './tracking';
import { waybillsApi } from './waybills';

/** Every contract, by resource: the OpenAPI document and the tests walk this. */
export const API = {
  auth: authApi,
  account: accountApi,
  tracking: trackingApi,
  shipments: shipmentsApi,
  bulk: bulkApi,
  dashboard: dashboardApi,
  quotes: quotesApi,
  quoteOffers: quoteOffersApi,
  customers: customersApi,
  settings: settingsApi,
  alerts: alertsApi,
  apiKeys: apiKeysApi,
  scans: scansApi,
  outbox: outboxApi,
  waybills: waybillsApi,
  places: placesApi,
  audit: auditApi,
  team: teamApi,
  exports: exportsApi,
  imports: importsApi,
  runs: runsApi,
  exceptions: exceptionsApi,
  deliveryRequests: deliveryRequestsApi,
  driver: driverApi,
  proofs: proofsApi,
  pickups: pickupsApi,
} satisfies Record<string, Record<string, Endpoint>>;

/** Every endpoint, each with its resource and name (e.g. `shipments.get`). */
export const ENDPOINTS: Array<{ resource: string; name: string; endpoint: Endpoint }> = Object.entries(API).flatMap(
  ([resource, endpoints]) =>
    Object.entries(endpoints).map(([name, endpoint]: [string, Endpoint]) => ({ resource, name, endpoint })),
);
