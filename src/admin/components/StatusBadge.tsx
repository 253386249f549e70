import { parseStatus, type ShipmentStatus, statusLabel } from '@/lib/shipment-status';

/** The admin's status colours, one hue per status, with text dark enough for WCAG AA on the tint. */
const COLOURS: Record<ShipmentStatus, string> = {
  delivered: 'bg-green-100 text-green-800 ring-green-300',
  in_transit: 'bg-blue-100 text-blue-800 ring-blue-300',
  preparing: 'bg-amber-100 text-amber-900 ring-amber-300',
  processing: 'bg-purple-100 text-purple-800 ring-purple-300',
  on_hold: 'bg-orange-100 text-orange-900 ring-orange-300',
  out_for_delivery: 'bg-sky-100 text-sky-900 ring-sky-300',
  delivery_failed: 'bg-red-100 text-red-800 ring-red-300',
  available_for_pickup: 'bg-teal-100 text-teal-900 ring-teal-300',
  returned_to_sender: 'bg-stone-200 text-stone-800 ring-stone-400',
  exception: 'bg-rose-100 text-rose-900 ring-rose-300',
};

export function StatusBadge({ status }: { status: string }) {
  const known = parseStatus(status);
  const colour = known ? COLOURS[known] : 'bg-slate-100 text-slate-800 ring-slate-300';
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${colour}`}
    >
      {statusLabel(status)}
    </span>
  );
}
