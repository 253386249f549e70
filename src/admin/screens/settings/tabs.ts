import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

export interface SettingsTab {
  /** The tab in the URL: /admin/settings?tab=<id> (the first tab has none). */
  id: string;
  title: string;
  panel: LazyExoticComponent<ComponentType>;
}

/** The Settings screen's tabs, in order. A tab is one component that loads and saves its own section. */
export const SETTINGS_TABS: SettingsTab[] = [
  { id: 'general', title: 'General', panel: lazy(() => import('./GeneralSettings')) },
  { id: 'notifications', title: 'Notifications', panel: lazy(() => import('./NotificationSettings')) },
  { id: 'integrations', title: 'Integrations', panel: lazy(() => import('./IntegrationsTab')) },
  { id: 'places', title: 'Places', panel: lazy(() => import('./PlacesTab')) },
  { id: 'security', title: 'Security', panel: lazy(() => import('./SecurityTab')) },
];
