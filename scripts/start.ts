import { runCli } from '../db/cli';
import { DEMO_DRIVER } from './lib/demo-driver';
import { assertPortFree, parsePort } from './lib/ports';
import { absoluteDatabaseUrl, prepareDatabase } from './lib/prepare-database';
import { keepNativeLibrariesShared, pruneCopies, serveProduct, untilAnswering } from './lib/serve';
import { acquireStartupLock } from './lib/startup-lock';

/** `npm start` (production build) and `npm run dev` (astro dev): prepare the database, then serve. */
const mode = process.argv.includes('--dev') ? 'dev' : 'serve';
let ready: { port: number; url: string; login: string[] } | undefined;

await runCli(async () => {
  // Read after runCli loaded .env, and checked before the database and the build so a clash fails at once.
  const port = parsePort(process.env.PORT, 8888);
  await assertPortFree(port);
  process.env.DATABASE_URL = absoluteDatabaseUrl();
  const { applied, seeded, admin, sampleTrackingNumber } = await prepareDatabase();
  const url = `http://localhost:${port}`;
  const login = [
    `Site:     ${url}`,
    `Admin:    ${url}/admin-login`,
    `          email ${admin.email}`,
    `          password ${admin.isDefault ? `${admin.password}   (local default; set ADMIN_PASSWORD to change)` : '(from ADMIN_PASSWORD)'}`,
    ...(admin.isDefault
      ? [
          `Driver:   ${url}/driver (a phone's screen)`,
          `          email ${DEMO_DRIVER.email}`,
          `          password ${admin.password}`,
        ]
      : []),
    ...(sampleTrackingNumber ? [`Try:      ${url}/track?number=${sampleTrackingNumber}`] : []),
  ];
  console.log(
    [
      '',
      `Database: ${process.env.DATABASE_URL.replace(/\/\/[^@/]*@/, '//***@')}` +
        (applied.length ? ` (applied ${applied.join(', ')})` : '') +
        (seeded.shipments ? ` (seeded ${seeded.shipments} shipments)` : ''),
      ...login,
      '',
      mode === 'dev' ? 'Starting the development server...' : 'Building and starting the server...',
      '',
    ].join('\n'),
  );
  ready = { port, url, login };
});

if (ready) {
  const { port, url, login } = ready;
  const release = await acquireStartupLock();
  await pruneCopies();
  // Canonical links and the sitemap point at this copy unless SITE_URL says otherwise.
  // biome-ignore lint/style/noNonNullAssertion: set at start-up above (process.env.DATABASE_URL = absoluteDatabaseUrl())
  await serveProduct(mode, port, { DATABASE_URL: process.env.DATABASE_URL!, SITE_URL: process.env.SITE_URL || url });
  await untilAnswering(url);
  if (mode === 'dev') await keepNativeLibrariesShared();
  release();
  // Again at the end: the first print scrolled away above the build output.
  console.log(['', `Ready on ${url}`, ...login, ''].join('\n'));
}
