import { atom } from 'nanostores';

/** Whether the sidebar is shown on small screens (it is always shown on wide ones). */
export const $sidebarOpen = atom(false);
