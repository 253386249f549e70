import { describe, expect, it } from 'vitest';
import { SCREEN_ROLES } from '../../src/admin/access';
import type { RouteName } from '../../src/admin/router';
import { SETTINGS_TABS } from '../../src/admin/screens/settings/tabs';
import type { Endpoint } from '../../src/lib/api/contract';
import { API } from '../../src/lib/api/endpoints';

// A screen opens for exactly the roles of the call it is built on, so the app never shows a role a screen
// whose data the server refuses it (and never hides one it may use).

const SCREEN_CALLS: Record<RouteName, Endpoint> = {
  dashboard: API.dashboard.get,
  shipments: API.shipments.list,
  imports: API.imports.send,
  newShipment: API.shipments.addTracking,
  viewShipment: API.shipments.get,
  customers: API.customers.list,
  customer: API.customers.get,
  quotes: API.quotes.list,
  settings: API.account.twoFactorStatus,
  outbox: API.outbox.list,
  waybills: API.waybills.get,
  // The proof's page shows the shipment's timeline: its readers.
  proofPrint: API.shipments.get,
  audit: API.audit.list,
  team: API.team.list,
  runs: API.runs.list,
  runSheet: API.runs.get,
  exceptions: API.exceptions.list,
  pickups: API.pickups.list,
};

const TAB_CALLS: Record<string, Endpoint> = {
  general: API.settings.getCompany,
  notifications: API.settings.getNotifications,
  integrations: API.apiKeys.list,
  places: API.places.list,
  security: API.account.twoFactorStatus,
};

describe('who sees which admin screen', () => {
  it.each(Object.entries(SCREEN_CALLS))('%s: the roles of its call', (route, call) => {
    expect([...SCREEN_ROLES[route as RouteName]].sort()).toEqual([...(call.roles ?? [])].sort());
  });

  it.each(SETTINGS_TABS.map((tab) => [tab.id, tab] as const))('the %s tab: the roles of its calls', (id, tab) => {
    expect([...tab.roles].sort()).toEqual([...(TAB_CALLS[id]?.roles ?? ['none'])].sort());
  });

  it('every staff call of the contract names its roles', () => {
    const unnamed = Object.values(API)
      .flatMap((calls) => Object.values(calls) as Endpoint[])
      .filter((call) => call.access !== 'public' && !call.roles?.length)
      .map((call) => `${call.method} ${call.path}`);
    expect(unnamed).toEqual([]);
  });
});
