import type { Dashboard } from '@/lib/api/dashboard';
import { getDashboard } from '../api/dashboard';
import { loadable, loader } from './load';

export const $dashboard = loadable<Dashboard>();

export const loadDashboard = loader($dashboard, async (signal) => (await getDashboard({ signal })).data, {
  fallback: 'Failed to load the dashboard.',
});
