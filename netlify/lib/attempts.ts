import type { Client, InStatement, ResultSet } from '@libsql/client';
import { ACTION_STATUS, type DriverEvent } from '@/lib/schemas/driver';
import type { ScanEvent, ScanResult } from '@/lib/schemas/scans';
import { driversStopsRead, notOnDriversRuns } from './driver-stops';
import { HttpError } from './http';
import { applyScans, scanReads } from './scans';
import type { SessionUser } from './sessions';
import type { CallerSql } from './sql';

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
 * The reads recording the driver's actions starts from, made with the session check (the driver as
 * SQL): which of their stops are on the driver's runs, and what the scans module plans from.
 */
export function driverEventReads(events: DriverEvent[], driver: CallerSql): InStatement[] {
  const numbers = [...new Set(events.map((event) => event.tracking_number))];
  return [driversStopsRead(driver.id, numbers), ...scanReads(events.map(asScan), driver.source)];
}

/**
 * Records the driver's actions in order, from what `driverEventReads` read. Every stop must be on the
 * driver's run, or nothing is recorded: 403 naming the first that is not.
 */
export async function recordDriverEvents(
  db: Client,
  driver: SessionUser,
  events: DriverEvent[],
  [stops, ...planned]: ResultSet[],
): Promise<ScanResult[]> {
  const [foreign] = notOnDriversRuns(stops, [...new Set(events.map((event) => event.tracking_number))]);
  if (foreign) throw new HttpError(403, `${foreign} is not a stop on your run.`);
  return applyScans(db, events.map(asScan), driver, `user:${driver.id}`, planned);
}
