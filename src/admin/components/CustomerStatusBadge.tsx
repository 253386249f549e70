import { CUSTOMER_STATUS_LABELS, type CustomerStatus } from '@/lib/schemas/customer';

/** Customer badges: Active green, Inactive grey (text dark enough for WCAG AA). */
export function CustomerStatusBadge({ status }: { status: CustomerStatus }) {
  const colour =
    status === 'active' ? 'bg-green-100 text-green-800 ring-green-300' : 'bg-slate-100 text-slate-800 ring-slate-300';
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${colour}`}
    >
      {CUSTOMER_STATUS_LABELS[status]}
    </span>
  );
}
