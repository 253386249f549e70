import type { InStatement, ResultSet } from '@libsql/client';
import { dateIn } from '@/lib/company-day';
import { nextBusinessDays, REDELIVERY_DAYS } from '@/lib/delivery-request';
import { settingsFrom, settingsRead } from './settings';

/**
 * The days a recipient may ask for another delivery on depend on the company's zone (what "today" is) and its
 * closed days: read in the caller's own batch, so the offer and the check of a request agree.
 */
export const deliveryDaysReads = (): InStatement[] => [settingsRead('company'), settingsRead('closed_days')];

/** From the answers of `deliveryDaysReads`: the closed days, and the next business days from today without them. */
export function deliveryDaysFrom([company, closed]: ResultSet[], now: Date): { closed: string[]; days: string[] } {
  if (!company || !closed) throw new Error('The delivery days need the answers of their reads');
  const closedDays = settingsFrom('closed_days', closed).data.days;
  const today = dateIn(settingsFrom('company', company).data.time_zone, now.getTime());
  return { closed: closedDays, days: nextBusinessDays(today, REDELIVERY_DAYS, closedDays) };
}
