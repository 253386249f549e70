import type { Config } from '@netlify/functions';
import { getDb } from '../lib/db';
import { deliverDue, queueDailySummary } from '../lib/outbox';

/** Scheduled: yesterday's summary for the company address (once a day, if its switch is on), then delivery. */
export default async (): Promise<void> => {
  const db = await getDb();
  const summary = await queueDailySummary(db);
  const report = await deliverDue(db);
  console.log('[daily-summary]', JSON.stringify({ ...summary, ...report }));
};

export const config: Config = {
  schedule: '0 6 * * *',
};
