import type { BodyInput } from '@/lib/api/contract';
import { settingsApi } from '@/lib/api/settings';
import { type CallOptions, callApi } from './client';

const { getCompany, saveCompany, getNotifications, saveNotifications } = settingsApi;

export const getCompanySettings = (options?: CallOptions) => callApi(getCompany, {}, options);
export const saveCompanySettings = (body: BodyInput<typeof saveCompany>) => callApi(saveCompany, { body });

export const getNotificationSettings = (options?: CallOptions) => callApi(getNotifications, {}, options);
export const saveNotificationSettings = (body: BodyInput<typeof saveNotifications>) =>
  callApi(saveNotifications, { body });
