/**
 * Where an audit entry's subject is seen in the admin app, by kind of subject: its own screen, or the
 * list or Settings tab it lives in. A kind without an entry here (a new one) is shown without a link.
 */

/** The Settings tab of each settings section an entry names. */
const SETTINGS_TABS: Record<string, string> = { company: 'general', notifications: 'notifications', audit: 'general' };

const SUBJECT_LINKS: Record<string, (id: string) => string> = {
  shipment: (id) => `/admin/view_shipment/${encodeURIComponent(id)}`,
  customer: (id) => `/admin/customers/${encodeURIComponent(id)}`,
  quote_request: () => '/admin/quotes',
  // The two-factor rule is set on the Team screen.
  settings: (id) => (id === 'two_factor' ? '/admin/team' : `/admin/settings?tab=${SETTINGS_TABS[id] ?? 'general'}`),
  api_key: () => '/admin/settings?tab=integrations',
  place: () => '/admin/settings?tab=places',
  staff: () => '/admin/team',
  invitation: () => '/admin/team',
  run: (id) => `/admin/runs/${encodeURIComponent(id)}/sheet`,
};

/** The address of the subject, or null when it has none in the app. */
export function subjectHref(type: string | null, id: string | null): string | null {
  if (!type || id === null || !Object.hasOwn(SUBJECT_LINKS, type)) return null;
  return SUBJECT_LINKS[type]?.(id) ?? null;
}
