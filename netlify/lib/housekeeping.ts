import type { Client } from '@libsql/client';
import { purgeAudit } from './audit';
import { purgeOutbox } from './outbox-delivery';
import { purgeUncollectedPickups } from './pickups';
import { purgeUnbookedQuotes } from './quotes';
import { purgeExpiredShipments } from './shipment-retention';

/**
 * What the scheduled run deletes after delivering, each a bounded number a run: old messages, audit entries
 * past their retention, and quote requests, pickups and shipments kept as long as the privacy page says. How
 * many of each went.
 */
export async function housekeeping(db: Client) {
  return {
    purged: await purgeOutbox(db),
    auditPurged: await purgeAudit(db),
    quotesPurged: await purgeUnbookedQuotes(db),
    pickupsPurged: await purgeUncollectedPickups(db),
    shipmentsPurged: await purgeExpiredShipments(db),
  };
}
