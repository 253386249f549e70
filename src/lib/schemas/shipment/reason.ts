import { type DeliveryReason, type ShipmentStatus, STATUS_LABELS, STATUSES_WITH_REASON } from '@/lib/shipment-status';

/**
 * The one rule for a status's reason, for every write that sets a status: a failed attempt or an
 * exception must say why, `other` must say it in the note, and no other status carries a reason.
 * Null when the three agree; otherwise the message and the field it belongs to.
 */
export function reasonIssue(
  status: ShipmentStatus | undefined,
  reason: DeliveryReason | undefined | null,
  note: string | undefined | null,
): { message: string; path: ['reason'] | ['note'] } | null {
  const needsReason = status !== undefined && STATUSES_WITH_REASON.includes(status);
  if (needsReason && !reason) return { message: `${STATUS_LABELS[status]} needs a reason`, path: ['reason'] };
  if (!needsReason && reason) {
    return { message: 'A reason goes only with a failed delivery attempt or an exception', path: ['reason'] };
  }
  if (reason === 'other' && !note?.trim()) return { message: 'Say what happened in the note', path: ['note'] };
  return null;
}

/**
 * For the writes that set a status without a reason or a depot (the edit dialog, the quick-add dialog):
 * a status that needs one is refused on `status`, pointing to Update Status, which asks for it.
 */
export function statusNeedingDetails(status: ShipmentStatus | undefined): string | null {
  if (status === undefined) return null;
  if (STATUSES_WITH_REASON.includes(status) || status === 'available_for_pickup') {
    return `Set ${STATUS_LABELS[status]} with Update Status on the shipment's page: it asks for the details`;
  }
  return null;
}
