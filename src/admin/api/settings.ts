import type { BodyInput } from '@/lib/api/contract';
import { settingsApi } from '@/lib/api/settings';
import { callApi } from './client';

const { saveCompany, saveNotifications, saveClosedDays, saveAudit } = settingsApi;

export const saveCompanySettings = (body: BodyInput<typeof saveCompany>) => callApi(saveCompany, { body });

export const saveNotificationSettings = (body: BodyInput<typeof saveNotifications>) =>
  callApi(saveNotifications, { body });

export const saveClosedDaysSettings = (body: BodyInput<typeof saveClosedDays>) => callApi(saveClosedDays, { body });

export const saveAuditSettings = (body: BodyInput<typeof saveAudit>) => callApi(saveAudit, { body });
