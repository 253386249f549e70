import type { Config } from '@netlify/functions';
import { dashboardApi } from '@/lib/api/dashboard';
import { getDashboard } from '../lib/dashboard';
import { defineHandler, on, success } from '../lib/handler';

/** The dashboard's figures, recent shipments, activity and chart; `dashboardSchema` says what each figure counts. */
export default defineHandler(on(dashboardApi.get)(({ db }) => success(getDashboard(db))));

export const config: Config = { path: '/api/admin/dashboard' };
