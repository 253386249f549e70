import type { Client } from '@libsql/client';
import { purgeAudit } from './audit';
import { deleteQueuedBlobs } from './blob-deletions';
import { purgeOutbox } from './outbox-delivery';
import { purgeUncollectedPickups } from './pickups';
import { purgeUnbookedQuotes } from './quotes';
import { purgeExpiredShipments } from './shipment-retention';

/**
 * What the scheduled run deletes after delivering, each a bounded number a run: old messages, audit entries
 * past their retention, quote requests, pickups and shipments kept as long as the privacy page says, and the
 * files of what went. How many of each went.
 */
export async function housekeeping(db: Client) {
  return {
    purged: await purgeOutbox(db),
    auditPurged: await purgeAudit(db),
    quotesPurged: await purgeUnbookedQuotes(db),
    pickupsPurged: await purgeUncollectedPickups(db),
    shipmentsPurged: await purgeExpiredShipments(db),
    // After the purges, which queue the files of the rows they delete.
    blobsDeleted: await deleteQueuedBlobs(db),
  };
}
