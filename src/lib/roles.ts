/**
 * What a staff member may do: `admin` everything (the team, settings, API keys); `dispatcher` the
 * daily work (shipments, customers, quote requests, waybills, scans, runs, exceptions); `driver` the
 * stops of their own runs and what they record there; `viewer` reads the dashboard, shipments and
 * customers. Each contract entry names the roles it allows.
 */
export const ROLES = ['admin', 'dispatcher', 'driver', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Admin',
  dispatcher: 'Dispatcher',
  driver: 'Driver',
  viewer: 'Viewer',
};

/** Every signed-in staff member: their own session and sign-in settings. */
export const EVERY_ROLE: readonly Role[] = [...ROLES];
/** Who reads the office's records: the dashboard, shipments and customers. */
export const READERS: readonly Role[] = ['admin', 'dispatcher', 'viewer'];
/** Who does the office's daily work: shipments, customers, quote requests, waybills, scans. */
export const OFFICE: readonly Role[] = ['admin', 'dispatcher'];
/** The owner's settings: company, notifications, places, API keys, the outbox, erasure. */
export const ADMINS: readonly Role[] = ['admin'];

export const isRole = (value: unknown): value is Role => (ROLES as readonly unknown[]).includes(value);
