import { dashboardApi } from '@/lib/api/dashboard';
import { type CallOptions, callApi } from './client';

/** The dashboard's figures at this moment. */
export const getDashboard = (options?: CallOptions) => callApi(dashboardApi.get, {}, options);
