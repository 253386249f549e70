import { getDb } from '../netlify/lib/db';
import { runCli } from './cli';
import { migrate } from './migrate';

await runCli(async () => {
  const applied = await migrate(await getDb());
  console.log(applied.length ? `Applied ${applied.join(', ')}` : 'Database is up to date');
});
