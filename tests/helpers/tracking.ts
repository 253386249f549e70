import { createClient } from '@libsql/client';
import { DB_MODE } from './test-db';

/** Every field of the public tracking answer. */
export const PUBLIC_FIELDS = [
  'address_revealed',
  'arrival_time',
  'can_reveal',
  'current_location',
  'delivery_date',
  'delivery_days',
  'delivery_request',
  'destination',
  'estimated_delivery',
  'histories',
  'next_attempt_on',
  'origin',
  'pickup_depot',
  'pickup_until',
  'pieces',
  'proof',
  'recipient_address',
  'route',
  'sender_name',
  'status',
  'tracking_number',
  'weight',
];

/**
 * Runs `work` and says whether anything was committed to the test database meanwhile, as another
 * connection sees it: SQLite's `PRAGMA data_version` changes for a connection whenever another one
 * commits. Only for file databases (a sqld server gives no such view).
 */
export async function committedDuring(work: () => Promise<void>): Promise<boolean> {
  if (DB_MODE !== 'file') throw new Error('committedDuring needs a file database');
  const observer = createClient({ url: process.env.DATABASE_URL! });
  try {
    const version = async () => Number((await observer.execute('PRAGMA data_version')).rows[0]![0]);
    const before = await version();
    await work();
    return (await version()) !== before;
  } finally {
    observer.close();
  }
}
