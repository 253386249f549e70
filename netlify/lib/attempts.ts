import type { Client } from '@libsql/client';
import { ACTION_STATUS, type DriverEvent } from '@/lib/schemas/driver';
import type { ScanEvent, ScanResult } from '@/lib/schemas/scans';
import { notOnDriversRuns } from './driver-stops';
import { HttpError } from './http';
import { applyScans } from './scans';
import type { SessionUser } from './sessions';

/**
 * What a driver records at a stop (picked up, out for delivery, a failed attempt and its reason): each
 * action becomes a scan of the driver's own, applied in order by the scans module, so an action the
 * device sends twice (a retry, a second tab, a flaky network) is a duplicate and is recorded once.
 */

const PICKED_UP = 'Picked up by the driver';

/** The scan an action is: its status, and the driver's note (a pick-up says so in the history). */
function asScan(event: DriverEvent): ScanEvent {
  const note = event.action === 'picked_up' ? [PICKED_UP, event.note].filter(Boolean).join(': ') : event.note;
  return {
    event_id: event.event_id,
    tracking_number: event.tracking_number,
    piece: event.piece,
    status: ACTION_STATUS[event.action],
    reason: event.reason,
    note: note ?? null,
    scanned_at: event.recorded_at,
  };
}

/**
 * Records the driver's actions in order. Every stop must be on the driver's run, or nothing is
 * recorded: 403 naming the first that is not.
 */
export async function recordDriverEvents(
  db: Client,
  driver: SessionUser,
  events: DriverEvent[],
): Promise<ScanResult[]> {
  const numbers = [...new Set(events.map((event) => event.tracking_number))];
  const [foreign] = await notOnDriversRuns(db, driver.id, numbers);
  if (foreign) throw new HttpError(403, `${foreign} is not a stop on your run.`);
  return applyScans(db, events.map(asScan), driver, `user:${driver.id}`);
}
