import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { ADMINS, EVERY_ROLE, type Role } from '@/lib/roles';

export interface SettingsTab {
  /** The tab in the URL: /admin/settings?tab=<id> (the first tab has none). */
  id: string;
  title: string;
  panel: LazyExoticComponent<ComponentType>;
  /** Who sees the tab: the roles of the calls behind it. */
  roles: readonly Role[];
}

/** The Settings screen's tabs, in order (each role sees its own). A tab is one component that loads and saves its own section. */
export const SETTINGS_TABS: SettingsTab[] = [
  { id: 'general', title: 'General', panel: lazy(() => import('./GeneralSettings')), roles: ADMINS },
  { id: 'notifications', title: 'Notifications', panel: lazy(() => import('./NotificationSettings')), roles: ADMINS },
  { id: 'integrations', title: 'Integrations', panel: lazy(() => import('./IntegrationsTab')), roles: ADMINS },
  { id: 'places', title: 'Places', panel: lazy(() => import('./PlacesTab')), roles: ADMINS },
  { id: 'security', title: 'Security', panel: lazy(() => import('./SecurityTab')), roles: EVERY_ROLE },
];
