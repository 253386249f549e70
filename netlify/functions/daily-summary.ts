import type { Config } from '@netlify/functions';
import { getDb } from '../lib/db';
import { dailySummaryRun } from '../lib/outbox-delivery';

/** Scheduled hourly: yesterday's summary once the company's morning has come, then delivery. */
export default async (): Promise<void> => {
  console.log('[daily-summary]', JSON.stringify(await dailySummaryRun(await getDb())));
};

export const config: Config = {
  schedule: '0 * * * *',
};
