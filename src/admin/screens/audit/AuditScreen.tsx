import { useStore } from '@nanostores/react';
import { auditApi } from '@/lib/api/audit';
import { actionLabel, subjectLabel } from '@/lib/audit';
import { formatDateTime } from '@/lib/date-display';
import { ROLE_LABELS } from '@/lib/roles';
import type { AuditEntry } from '@/lib/schemas/audit';
import { ExportLink } from '../../components/ExportLink';
import { secondaryButtonClass } from '../../components/Field';
import { ListFooter } from '../../components/ListFooter';
import { ListViews } from '../../components/ListParts';
import { goToList, useSearchParams } from '../../list-url';
import { $auditList, AUDIT_FILTERS, type AuditListParams, auditParams, refreshAudit } from '../../stores/audit';
import { AuditFilters } from './AuditFilters';
import { subjectHref } from './subject-link';

const COLUMNS = ['Time', 'Actor', 'Role', 'Action', 'Subject', 'Address'];

const roleOf = (entry: AuditEntry) => (entry.actor_role ? ROLE_LABELS[entry.actor_role] : '—');

/** What the entry is about, linked to where it is seen when it has a place in the app. */
function Subject({ entry }: { entry: AuditEntry }) {
  if (!entry.subject_type) return <span className="text-slate-700">—</span>;
  const kind = subjectLabel(entry.subject_type);
  const href = subjectHref(entry.subject_type, entry.subject_id);
  const name = entry.subject_id ?? '';
  return (
    <span className="[overflow-wrap:anywhere]">
      <span className="text-slate-700">{kind} </span>
      {href ? (
        <a href={href} className="font-semibold text-brand-700 underline">
          {name}
          <span className="sr-only"> ({kind.toLowerCase()})</span>
        </a>
      ) : (
        <span className="font-semibold text-slate-900">{name}</span>
      )}
    </span>
  );
}

function Action({ entry }: { entry: AuditEntry }) {
  return (
    <div className="[overflow-wrap:anywhere]">
      <div className="font-semibold text-slate-900">{actionLabel(entry.action)}</div>
      {entry.details ? <div className="text-xs text-slate-700">{entry.details}</div> : null}
    </div>
  );
}

const Time = ({ entry }: { entry: AuditEntry }) => (
  <time dateTime={entry.created_at}>{formatDateTime(entry.created_at)}</time>
);

/** The audit trail (admins): who wrote what, in which role, when and from where, newest first. */
export default function AuditScreen() {
  const list = useStore($auditList);
  const params = auditParams(useSearchParams());
  const { cursor: _cursor, before: _before, ...filters } = params;
  const go = (next: Partial<AuditListParams>, options?: { replace?: boolean }) =>
    goToList('audit', { ...filters, ...next }, options);
  const active = AUDIT_FILTERS.filter((name) => params[name]).length;

  return (
    <section aria-labelledby="audit-title">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 id="audit-title" className="text-2xl font-bold text-slate-900">
            Audit trail
          </h1>
          <p className="mt-1 text-slate-700">
            Every change made in the back office: who made it, in which role, when and from which address.
          </p>
        </div>
        <ExportLink endpoint={auditApi.export} filters={filters} file="audit-trail.csv" what="entries" />
      </div>

      <search className="mt-6 block rounded-md border border-slate-200 bg-white p-4" aria-label="Filter the trail">
        <AuditFilters filters={filters} onChange={go} />
        {active ? (
          <button type="button" className={`${secondaryButtonClass} mt-4`} onClick={() => goToList('audit', {})}>
            Clear filters
          </button>
        ) : null}
      </search>

      <ListViews
        state={list}
        empty={active ? 'No entries match these filters.' : 'Nothing has been recorded yet.'}
        onRetry={() => void refreshAudit()}
        caption="Audit trail, newest first"
        columns={COLUMNS}
        cardHeight="h-32"
        row={(entry) => (
          <tr key={entry.id} className="align-top">
            <td className="whitespace-nowrap px-4 py-3 text-slate-700">
              <Time entry={entry} />
            </td>
            <td className="px-4 py-3 text-slate-900 [overflow-wrap:anywhere]">{entry.actor}</td>
            <td className="whitespace-nowrap px-4 py-3 text-slate-700">{roleOf(entry)}</td>
            <td className="max-w-sm px-4 py-3">
              <Action entry={entry} />
            </td>
            <td className="px-4 py-3">
              <Subject entry={entry} />
            </td>
            <td className="whitespace-nowrap px-4 py-3 font-mono text-xs text-slate-700">{entry.address ?? '—'}</td>
          </tr>
        )}
        card={(entry) => (
          <li key={entry.id} className="rounded-lg border border-slate-200 bg-white p-4 text-sm shadow-sm">
            <Action entry={entry} />
            <dl className="mt-2 grid grid-cols-[max-content_1fr] gap-x-3 [overflow-wrap:anywhere]">
              <dt className="text-slate-700">Time</dt>
              <dd className="text-slate-900">
                <Time entry={entry} />
              </dd>
              <dt className="text-slate-700">Actor</dt>
              <dd className="text-slate-900">{entry.actor}</dd>
              <dt className="text-slate-700">Role</dt>
              <dd className="text-slate-900">{roleOf(entry)}</dd>
              <dt className="text-slate-700">Subject</dt>
              <dd>
                <Subject entry={entry} />
              </dd>
              <dt className="text-slate-700">Address</dt>
              <dd className="font-mono text-xs text-slate-900">{entry.address ?? '—'}</dd>
            </dl>
          </li>
        )}
      />
      <ListFooter state={list} noun="entries" onPage={go} />
    </section>
  );
}
