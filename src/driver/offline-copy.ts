/**
 * Has the phone keep the screen itself (page, scripts, the barcode reader) for opening and reloading it
 * without signal: public/driver-sw.js. Not under `astro dev`, whose files are not the built ones.
 */
export function keepScreenOnPhone(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker
    .register('/driver-sw.js', { scope: '/driver' })
    .catch((error: unknown) => console.error('[driver] the screen could not be kept for offline use', error));
}
