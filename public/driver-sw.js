// The driver's screen without signal: the page and every file it can load (the signature pad and the
// barcode reader included), kept on the phone from the last visit with signal, so the screen opens and
// reloads offline and shows the run it keeps itself. Only the /driver page is controlled, and nothing of
// /api is kept here: the screen keeps its own copy of the stops and queues what the driver does.

const PAGE = '/driver';
const PREFIX = 'driver-';
/** A file the page or one of its scripts names: on this site, or next to the script that names it. */
const IN_PAGE = /(?:src|href|component-url|renderer-url)="(\/[^"#?]+)"/g;
const IN_SCRIPT = /["'`]((?:\.\/|\/?_astro\/)[\w.-]+\.(?:js|css|wasm))["'`]/g;

/**
 * Keeps this version of the page and every file it can load (found by following the names in the page,
 * then in each script) in a cache of its own, then drops the older ones: a cache is complete or not used
 * at all, and files of earlier versions do not pile up on the phone.
 */
async function keep(page) {
  const name = `${PREFIX}${Date.now()}`;
  const cache = await caches.open(name);
  try {
    const html = await page.clone().text();
    const files = [
      ...new Set([...html.matchAll(IN_PAGE)].map((match) => new URL(match[1], self.location.origin).href)),
    ];
    const named = files.length;
    for (const [index, file] of files.entries()) {
      const response = await fetch(file);
      if (!response.ok) {
        // A name in a script may be only a string that looks like a file; one in the page is a file.
        if (index >= named && response.status === 404) continue;
        throw new Error(`${file}: ${response.status}`);
      }
      if (file.endsWith('.js')) {
        for (const [, name] of (await response.clone().text()).matchAll(IN_SCRIPT)) {
          const url = new URL(name.startsWith('_astro/') ? `/${name}` : name, file).href;
          if (!files.includes(url)) files.push(url);
        }
      }
      await cache.put(file, response);
    }
    await cache.put(PAGE, page);
  } catch (error) {
    await caches.delete(name);
    throw error;
  }
  for (const older of await caches.keys()) {
    if (older.startsWith(PREFIX) && older !== name) await caches.delete(older);
  }
}

/** The page as kept, if a version was kept. */
async function keptPage() {
  return caches.match(PAGE, { ignoreSearch: true });
}

/** Whether the page differs from the kept one in the files it loads (a new version of the site). */
async function isNewVersion(page) {
  const kept = await keptPage();
  if (!kept) return true;
  const names = async (response) => [...(await response.text()).matchAll(IN_PAGE)].map((match) => match[1]).join();
  return (await names(page.clone())) !== (await names(kept));
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    fetch(PAGE, { cache: 'no-store' })
      .then((page) => (page.ok ? keep(page) : undefined))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (request.mode === 'navigate' && url.pathname === PAGE) {
    // The network first, so a new version shows as soon as there is signal; the kept page without it.
    event.respondWith(
      fetch(request).then(
        (page) => {
          if (page.ok) {
            // Both copies taken now: the browser reads the page itself as soon as it is answered.
            const [compared, kept] = [page.clone(), page.clone()];
            event.waitUntil(isNewVersion(compared).then((fresh) => (fresh ? keep(kept) : undefined)));
          }
          return page;
        },
        async (error) => (await keptPage()) ?? Promise.reject(error),
      ),
    );
    return;
  }
  // Files named by their content (/_astro/), and so never changed: the kept copy when there is one.
  if (url.pathname.startsWith('/_astro/')) {
    event.respondWith(caches.match(request).then((kept) => kept ?? fetch(request)));
  }
});
