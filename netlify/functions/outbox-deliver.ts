import type { Config } from '@netlify/functions';
import { purgeAudit } from '../lib/audit';
import { getDb } from '../lib/db';
import { deliverDue, purgeOutbox } from '../lib/outbox-delivery';

/**
 * Scheduled: delivers what is due (retries after their backoff, and anything a run after an answer
 * did not reach), then the housekeeping: old messages, and audit entries past their retention.
 */
export default async (): Promise<void> => {
  const db = await getDb();
  const report = await deliverDue(db, { budgetMs: 25_000, limit: 200 });
  const purged = await purgeOutbox(db);
  const auditPurged = await purgeAudit(db);
  console.log('[outbox]', JSON.stringify({ ...report, purged, auditPurged }));
};

export const config: Config = {
  schedule: '*/5 * * * *',
};
