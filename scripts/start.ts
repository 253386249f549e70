import { runCli } from '../db/cli';
import { absoluteDatabaseUrl, prepareDatabase } from './lib/prepare-database';
import { serveProduct } from './lib/serve';

/** `npm start` (production build) and `npm run dev` (astro dev): prepare the database, then serve. */
const port = Number(process.env.PORT ?? 8888);
const mode = process.argv.includes('--dev') ? 'dev' : 'serve';

await runCli(async () => {
  process.env.DATABASE_URL = absoluteDatabaseUrl();
  const { applied, seeded, admin, sampleTrackingNumber } = await prepareDatabase();
  const url = `http://localhost:${port}`;
  console.log(
    [
      '',
      `Database: ${process.env.DATABASE_URL.replace(/\/\/[^@/]*@/, '//***@')}` +
        (applied.length ? ` (applied ${applied.join(', ')})` : '') +
        (seeded.shipments ? ` (seeded ${seeded.shipments} shipments)` : ''),
      `Site:     ${url}`,
      `Admin:    ${url}/admin-login`,
      `          email ${admin.email}`,
      `          password ${admin.isDefault ? `${admin.password}   (local default; set ADMIN_PASSWORD to change)` : '(from ADMIN_PASSWORD)'}`,
      sampleTrackingNumber ? `Try:      ${url}/track?number=${sampleTrackingNumber}` : '',
      '',
      mode === 'dev' ? 'Starting the development server...' : 'Building and starting the server...',
      '',
    ].join('\n'),
  );
});

if (!process.exitCode) serveProduct(mode, port, { DATABASE_URL: process.env.DATABASE_URL! });
