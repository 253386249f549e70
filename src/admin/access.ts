import { useStore } from '@nanostores/react';
import { ADMINS, EVERY_ROLE, OFFICE, READERS, type Role } from '@/lib/roles';
import type { RouteName } from './router';
import { $session } from './stores/session';

/**
 * Who may open each screen: the roles of the call the screen is built on (its list, record or form),
 * so a screen the role may not use says so instead of failing on its data.
 */
export const SCREEN_ROLES: Record<RouteName, readonly Role[]> = {
  dashboard: READERS,
  shipments: READERS,
  imports: OFFICE,
  newShipment: OFFICE,
  viewShipment: READERS,
  customers: READERS,
  customer: READERS,
  quotes: OFFICE,
  settings: EVERY_ROLE,
  outbox: ADMINS,
  team: ADMINS,
  waybills: OFFICE,
  proofPrint: READERS,
  audit: ADMINS,
  runs: OFFICE,
  runSheet: OFFICE,
  pickups: OFFICE,
  exceptions: READERS,
};

export const mayOpen = (role: Role, route: RouteName): boolean => SCREEN_ROLES[route].includes(role);

/** The signed-in staff member's role (the least one while the session is still being checked). */
export function useRole(): Role {
  const session = useStore($session);
  return session.status === 'signed-in' ? session.user.role : 'viewer';
}

/**
 * Whether the signed-in role may make a call of the contract: a control whose call the role may not make
 * is not shown.
 */
export function useMay(): (call: { roles?: readonly Role[] }) => boolean {
  const role = useRole();
  return (call) => call.roles?.includes(role) ?? false;
}
