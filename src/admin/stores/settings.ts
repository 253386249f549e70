import { atom } from 'nanostores';
import { settingsApi } from '@/lib/api/settings';
import { query } from './query';

// Settings > General and Notifications: the saved values with who saved them last.

const company = query(settingsApi.getCompany, atom({}), {
  fallback: 'Failed to load the company information.',
  pick: ({ data, meta }) => ({ data, meta }),
});
const notifications = query(settingsApi.getNotifications, atom({}), {
  fallback: 'Failed to load the notification preferences.',
  pick: ({ data, meta }) => ({ data, meta }),
});

export const $companySettings = company.$state;
export const $notificationSettings = notifications.$state;

/** Show what the server answered to a save. */
export const showCompanySettings = company.show;
export const showNotificationSettings = notifications.show;
