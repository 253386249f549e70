import type { TrackingResult } from '@/lib/schemas/tracking';
import { parseStatus, type ShipmentStatus, statusLabel } from '@/lib/shipment-status';

export type { TrackingResult };

/** Public badge colours (issue 4): Delivered green, In Transit blue, Processing yellow, Preparing amber, On Hold orange. */
const TONES: Record<ShipmentStatus, string> = {
  delivered: 'bg-green-100 text-green-900 ring-green-600',
  in_transit: 'bg-blue-100 text-blue-900 ring-blue-600',
  processing: 'bg-yellow-100 text-yellow-900 ring-yellow-500',
  preparing: 'bg-amber-100 text-amber-900 ring-amber-600',
  on_hold: 'bg-orange-100 text-orange-900 ring-orange-600',
};
const UNKNOWN_TONE = 'bg-slate-100 text-slate-800 ring-slate-500';

export function statusBadge(status: unknown): { label: string; tone: string; key: ShipmentStatus | 'unknown' } {
  const parsed = parseStatus(status);
  return { label: statusLabel(status), tone: parsed ? TONES[parsed] : UNKNOWN_TONE, key: parsed ?? 'unknown' };
}

/** The newest history entry's time: when the shipment was last updated. */
export function lastUpdated(histories: TrackingResult['histories']): string | null {
  let newest: string | null = null;
  for (const history of histories) {
    if (newest === null || Date.parse(history.created_at) > Date.parse(newest)) newest = history.created_at;
  }
  return newest;
}

/** A date-time in the visitor's own locale and time zone. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** A weight in kg, or a dash when the shipment has none recorded. */
export function formatWeight(weight: number | null): string {
  return weight === null ? '—' : `${weight.toLocaleString(undefined, { maximumFractionDigits: 2 })}`;
}

export function isTrackingResult(value: unknown): value is TrackingResult {
  if (!value || typeof value !== 'object') return false;
  const data = value as Record<string, unknown>;
  return typeof data.tracking_number === 'string' && typeof data.status === 'string' && Array.isArray(data.histories);
}
