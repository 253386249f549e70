/**
 * How the public pages' idle islands (the navbar, the tracking widget) hydrate: when the browser idles after the
 * first paint, or after a second at most, so a browser that never idles (a busy phone) still gets its menu and form.
 */
export const IDLE_HYDRATION = { timeout: 1000 } as const;
