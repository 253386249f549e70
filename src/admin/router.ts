import { createRouter } from '@nanostores/router';

/**
 * The admin routes. The router takes over clicks on same-origin links; links that leave the app
 * (public pages, sign-in) carry target="_self" so the browser loads them normally.
 */
export const $router = createRouter({
  dashboard: '/admin',
  shipments: '/admin/shipments',
  imports: '/admin/shipments/import',
  newShipment: '/admin/new_shipment',
  viewShipment: '/admin/view_shipment/:trackingNumber',
  customers: '/admin/customers',
  customer: '/admin/customers/:id',
  quotes: '/admin/quotes',
  settings: '/admin/settings',
  outbox: '/admin/settings/outbox',
  waybills: '/admin/waybills',
  proofPrint: '/admin/proof/:trackingNumber',
  audit: '/admin/audit',
  team: '/admin/team',
  runs: '/admin/runs',
  runSheet: '/admin/runs/:runId/sheet',
  pickups: '/admin/pickups',
  exceptions: '/admin/exceptions',
});

export type RouteName = NonNullable<typeof $router.value>['route'];
