import type { Config } from '@netlify/functions';
import { getDb } from '../lib/db';
import { housekeeping } from '../lib/housekeeping';
import { deliverDue } from '../lib/outbox-delivery';

/**
 * Scheduled: delivers what is due (retries after their backoff, and anything a run after an answer
 * did not reach), then the housekeeping.
 */
export default async (): Promise<void> => {
  const db = await getDb();
  const report = await deliverDue(db, { budgetMs: 25_000, limit: 200 });
  console.log('[outbox]', JSON.stringify({ ...report, ...(await housekeeping(db)) }));
};

export const config: Config = {
  schedule: '*/5 * * * *',
};
