import { atom } from 'nanostores';
import { settingsApi } from '@/lib/api/settings';
import { query } from './query';

// Settings > General (the company, its closed days, the audit trail's retention) and Notifications: the saved values with who saved them last.

const company = query(settingsApi.getCompany, atom({}), {
  fallback: 'Failed to load the company information.',
  pick: ({ data, meta }) => ({ data, meta }),
});
const notifications = query(settingsApi.getNotifications, atom({}), {
  fallback: 'Failed to load the notification preferences.',
  pick: ({ data, meta }) => ({ data, meta }),
});

const closedDays = query(settingsApi.getClosedDays, atom({}), {
  fallback: 'Failed to load the closed days.',
  pick: ({ data, meta, booked }) => ({ data, meta, booked }),
});

const audit = query(settingsApi.getAudit, atom({}), {
  fallback: 'Failed to load how long the audit trail is kept.',
  pick: ({ data, meta }) => ({ data, meta }),
});

export const $companySettings = company.$state;
export const $closedDays = closedDays.$state;
export const $auditSettings = audit.$state;
export const $notificationSettings = notifications.$state;

/** Show what the server answered to a save. */
export const showCompanySettings = company.show;
export const showNotificationSettings = notifications.show;
export const showClosedDays = closedDays.show;
export const showAuditSettings = audit.show;
