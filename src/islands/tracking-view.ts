import type { MapPoint, TrackingBatchItem, TrackingResult } from '@/lib/schemas/tracking';
import { parseStatus, type ShipmentStatus, statusLabel } from '@/lib/shipment-status';
import { normalizeTrackingNumber } from '@/lib/tracking-number';
import { formatWeight as kgAndLbs } from '@/lib/weight';

export type { MapPoint, TrackingBatchItem, TrackingResult };
export type HistoryEntry = TrackingResult['histories'][number];

/**
 * Public badge colours: Delivered green, In Transit blue, Processing yellow, Preparing amber, On Hold orange,
 * Out for Delivery sky, a failed attempt red, Available for Pickup teal, Returned stone, Exception rose.
 */
const TONES: Record<ShipmentStatus, string> = {
  delivered: 'bg-green-100 text-green-900 ring-green-600',
  in_transit: 'bg-blue-100 text-blue-900 ring-blue-600',
  processing: 'bg-yellow-100 text-yellow-900 ring-yellow-500',
  preparing: 'bg-amber-100 text-amber-900 ring-amber-600',
  on_hold: 'bg-orange-100 text-orange-900 ring-orange-600',
  out_for_delivery: 'bg-sky-100 text-sky-900 ring-sky-600',
  delivery_failed: 'bg-red-100 text-red-900 ring-red-600',
  available_for_pickup: 'bg-teal-100 text-teal-900 ring-teal-600',
  returned_to_sender: 'bg-stone-200 text-stone-900 ring-stone-600',
  exception: 'bg-rose-100 text-rose-900 ring-rose-600',
};
const UNKNOWN_TONE = 'bg-slate-100 text-slate-800 ring-slate-500';

export function statusBadge(status: unknown): { label: string; tone: string; key: ShipmentStatus | 'unknown' } {
  const parsed = parseStatus(status);
  return { label: statusLabel(status), tone: parsed ? TONES[parsed] : UNKNOWN_TONE, key: parsed ?? 'unknown' };
}

/** The newest history entry's time: when the shipment was last updated. */
export function lastUpdated(histories: readonly HistoryEntry[]): string | null {
  let newest: string | null = null;
  for (const history of histories) {
    if (newest === null || Date.parse(history.created_at) > Date.parse(newest)) newest = history.created_at;
  }
  return newest;
}

/** The history newest first (the API answers oldest first). */
export const newestFirst = (histories: readonly HistoryEntry[]): HistoryEntry[] =>
  [...histories].sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at) || b.id - a.id);

/** A weight (kg, and lbs in brackets), or a dash when the shipment has none recorded. */
export function formatWeight(weight: number | null): string {
  return weight === null ? '—' : kgAndLbs(weight);
}

/** "City, Country", the country alone, or null. */
export function placeOf(entry: Pick<HistoryEntry, 'location_city' | 'location_country'>): string | null {
  const { location_city: city, location_country: country } = entry;
  if (!country) return city || null;
  return city ? `${city}, ${country}` : country;
}

/**
 * The three stages of the progress bar; Preparing counts as Processing. Out for delivery is in transit; a
 * hold, a failed attempt, a parcel waiting at a depot, a return or an exception holds it there.
 */
export const STAGES = ['Processing', 'In transit', 'Delivered'] as const;

const HELD: readonly ShipmentStatus[] = [
  'on_hold',
  'delivery_failed',
  'available_for_pickup',
  'returned_to_sender',
  'exception',
];

export function progressOf(status: ShipmentStatus): { stage: number; held: boolean } {
  if (status === 'delivered') return { stage: 2, held: false };
  if (status === 'in_transit' || status === 'out_for_delivery') return { stage: 1, held: false };
  if (HELD.includes(status)) return { stage: 1, held: true };
  return { stage: 0, held: false };
}

export type Outlook =
  | 'on_time'
  | 'delayed'
  | 'delivered_on_time'
  | 'delivered_late'
  | 'awaiting_collection'
  | 'returned'
  | null;

/** Statuses that stop the parcel short of the door: whatever the date, it is not on time. */
const STOPPED: readonly ShipmentStatus[] = ['on_hold', 'delivery_failed', 'exception'];

/**
 * Whether the promise holds: the estimated delivery date ends at midnight UTC; the shipment is late
 * when it was delivered after that, when its next arrival is later, or when that time has passed. A parcel
 * held, after a failed attempt or an exception is delayed; one at a depot waits for collection; a return
 * will not be delivered.
 */
export function deliveryOutlook(
  result: Pick<TrackingResult, 'status' | 'estimated_delivery' | 'arrival_time' | 'delivery_date'>,
  now = Date.now(),
): Outlook {
  if (result.status === 'returned_to_sender') return 'returned';
  if (result.status === 'available_for_pickup') return 'awaiting_collection';
  if (STOPPED.includes(result.status)) return 'delayed';
  if (!result.estimated_delivery) return null;
  const promised = Date.parse(`${result.estimated_delivery}T23:59:59.999Z`);
  if (result.status === 'delivered') {
    if (!result.delivery_date) return 'delivered_on_time';
    return result.delivery_date <= result.estimated_delivery ? 'delivered_on_time' : 'delivered_late';
  }
  const next = result.arrival_time ? Date.parse(result.arrival_time) : Number.NaN;
  return now > promised || next > promised ? 'delayed' : 'on_time';
}

/** At most this many numbers in one search (the batch lookup's limit). */
export const MAX_NUMBERS = 10;

/** The numbers in what a person typed or pasted: separated by commas, spaces or new lines; normalized, once each. */
export function splitNumbers(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .map(normalizeTrackingNumber)
        .filter(Boolean),
    ),
  ];
}

/** The query parameter that makes a lookup shareable: /track?number=NEC...,NEC... */
export const NUMBER_PARAM = 'number';

export function numbersInUrl(search: string): string[] {
  return splitNumbers(new URLSearchParams(search).getAll(NUMBER_PARAM).join(','));
}

/** The page's address for these numbers (commas left readable). */
export function searchFor(numbers: readonly string[]): string {
  return numbers.length ? `?${NUMBER_PARAM}=${numbers.map(encodeURIComponent).join(',')}` : '';
}

/** What to check when a number is not found: look-alike characters it contains. */
export function typoHint(number: string): string | null {
  const body = number.slice(3);
  const pairs: string[] = [];
  if (/[O0]/.test(body)) pairs.push('the letter O and the digit 0');
  if (/[I1]/.test(body)) pairs.push('the letter I and the digit 1');
  if (/[S5]/.test(body)) pairs.push('the letter S and the digit 5');
  if (/[B8]/.test(body)) pairs.push('the letter B and the digit 8');
  return pairs.length ? `Check look-alike characters: ${pairs.join('; ')}.` : null;
}

/** The ids of every event in a set of results, to tell which events a refresh brought. */
export function eventIds(items: readonly TrackingBatchItem[]): Set<number> {
  return new Set(items.flatMap((item) => (item.result === 'found' ? item.data.histories.map((h) => h.id) : [])));
}

/** How long ago the page last heard from the server, in words. */
export function updatedAgo(fetchedAt: number, now: number): string {
  const minutes = Math.floor((now - fetchedAt) / 60_000);
  if (minutes < 1) return 'Updated just now';
  return `Updated ${new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' }).format(-minutes, 'minute')}`;
}
