import { getDb } from '../netlify/lib/db';
import { seedAdminCredentials } from '../netlify/lib/env';
import { runCli } from './cli';
import { seed } from './seed';

await runCli(async () => {
  const admin = seedAdminCredentials();
  const result = await seed(await getDb(), { adminEmail: admin.email, adminPassword: admin.password });
  console.log(
    `Seeded ${result.shipments} new shipments, ${result.customers} customers` +
      (result.adminCreated ? `, admin ${admin.email}` : ''),
  );
});
