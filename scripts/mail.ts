import { runCli } from '../db/cli';
import { getDb } from '../netlify/lib/db';
import { getEnv } from '../netlify/lib/env';
import { queueDailySummary } from '../netlify/lib/outbox';
import { deliverDue } from '../netlify/lib/outbox-delivery';

/**
 * The scheduled email jobs, run by hand: `npm run notify:daily` queues yesterday's summary (once per
 * day, if its switch is on) and delivers; `npm run mail:deliver` delivers what is due (retries too).
 * Without SMTP_URL, messages are kept in the outbox for the Outbox page instead of being sent.
 */
await runCli(async () => {
  const command = process.argv[2];
  if (command !== 'daily' && command !== 'deliver') {
    console.error('Usage: tsx scripts/mail.ts daily|deliver');
    process.exitCode = 1;
    return;
  }
  const db = await getDb();
  if (command === 'daily') {
    const summary = await queueDailySummary(db);
    console.log(
      summary.switchedOff
        ? 'Daily summary is switched off in Settings > Notifications: nothing queued.'
        : summary.queued
          ? `Daily summary for ${summary.date} queued.`
          : `Daily summary for ${summary.date} was already queued.`,
    );
  }
  const report = await deliverDue(db, { limit: 1000, budgetMs: 5 * 60_000 });
  console.log(
    getEnv().SMTP_URL
      ? `Delivered through SMTP_URL: ${report.sent} sent, ${report.retrying} to retry later, ${report.failed} failed, ${report.cancelled} cancelled (unsubscribed).`
      : `No mail server (SMTP_URL is unset): ${report.logged} kept on the Outbox page instead of sent.`,
  );
});
