import type { Config } from '@netlify/functions';
import { getDb } from '../lib/db';
import { deliverDue, purgeOutbox } from '../lib/outbox-delivery';

/**
 * Scheduled: delivers what is due (retries after their backoff, and anything a run after an answer
 * did not reach), then trims old messages.
 */
export default async (): Promise<void> => {
  const db = await getDb();
  const report = await deliverDue(db, { budgetMs: 25_000, limit: 200 });
  const purged = await purgeOutbox(db);
  console.log('[outbox]', JSON.stringify({ ...report, purged }));
};

export const config: Config = {
  schedule: '*/5 * * * *',
};
