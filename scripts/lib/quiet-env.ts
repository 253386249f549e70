/** Environment that keeps every tool from phoning home, prompting or opening a browser. */
export const QUIET_ENV = {
  ASTRO_TELEMETRY_DISABLED: '1',
  NETLIFY_TELEMETRY_DISABLED: '1',
  NO_UPDATE_NOTIFIER: '1',
  BROWSER: 'none',
  CI: process.env.CI ?? '1',
} as const;
