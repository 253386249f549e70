import type { Config } from '@netlify/functions';
import { hourIn } from '@/lib/company-day';
import { getDb } from '../lib/db';
import { queueDailySummary } from '../lib/outbox';
import { deliverDue } from '../lib/outbox-delivery';
import { getCompanyZone } from '../lib/settings';

/** The summary goes out from this hour of the company's morning, in its time zone. */
const SUMMARY_HOUR = 6;

/**
 * Scheduled hourly, as the company's 06:00 is any hour of UTC: from then on, yesterday's summary for
 * the company address (once a day, if its switch is on); then delivery.
 */
export default async (): Promise<void> => {
  const db = await getDb();
  const now = new Date();
  const due = hourIn(await getCompanyZone(db), now.getTime()) >= SUMMARY_HOUR;
  const summary = due ? await queueDailySummary(db, now) : { queued: false, notYet: true };
  const report = await deliverDue(db);
  console.log('[daily-summary]', JSON.stringify({ ...summary, ...report }));
};

export const config: Config = {
  schedule: '0 * * * *',
};
