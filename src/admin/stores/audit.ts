import { auditApi } from '@/lib/api/audit';
import type { AuditEntry } from '@/lib/schemas/audit';
import { pagedList } from './paged-list';

/** The audit trail's URL parameters: its filters and page. */
export interface AuditListParams {
  actor: string;
  action: string;
  subject_type: string;
  subject: string;
  from: string;
  to: string;
  cursor: string;
  before: string;
}

/** The filters of the URL, as the list and the CSV export take them. */
export const AUDIT_FILTERS = ['actor', 'action', 'subject_type', 'subject', 'from', 'to'] as const;

export const auditParams = (search: Record<string, string>): AuditListParams => ({
  actor: search.actor ?? '',
  action: search.action ?? '',
  subject_type: search.subject_type ?? '',
  subject: search.subject ?? '',
  from: search.from ?? '',
  to: search.to ?? '',
  cursor: search.cursor ?? '',
  before: search.before ?? '',
});

const list = pagedList<AuditEntry, AuditListParams>(
  auditApi.list,
  'audit',
  auditParams,
  'Failed to load the audit trail.',
);

/** The page of the trail the URL asks for. */
export const $auditList = list.$state;
export const refreshAudit = list.refresh;
