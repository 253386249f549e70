import { actionLabel, LABELLED_ACTIONS, LABELLED_SUBJECTS, subjectLabel } from '@/lib/audit';
import { inputClass } from '../../components/Field';
import { Filter } from '../../components/ListParts';
import { useSearchBox } from '../../list-url';
import type { AuditListParams } from '../../stores/audit';

type Filters = Omit<AuditListParams, 'cursor' | 'before'>;

/** A select's options: the labelled names, and the URL's own value if it is one without a label yet. */
function Options({
  names,
  value,
  label,
}: {
  names: readonly string[];
  value: string;
  label: (name: string) => string;
}) {
  const all = value && !names.includes(value) ? [...names, value] : names;
  return all.map((name) => (
    <option key={name} value={name}>
      {label(name)}
    </option>
  ));
}

/** A text filter committed to the URL once typing pauses (a person, a subject). */
function TextFilter({
  id,
  label,
  hint,
  value,
  onCommit,
}: {
  id: string;
  label: string;
  hint: string;
  value: string;
  onCommit: (value: string) => void;
}) {
  const [text, setText] = useSearchBox(value, onCommit);
  return (
    <div className="min-w-0 flex-1 basis-56">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={id}
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        aria-describedby={`${id}-hint`}
        className={inputClass}
      />
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-700">
        {hint}
      </p>
    </div>
  );
}

/** The trail's filters, each a control whose value lives in the URL. */
export function AuditFilters({
  filters,
  onChange,
}: {
  filters: Filters;
  onChange: (next: Partial<Filters>, options?: { replace?: boolean }) => void;
}) {
  const { actor, action, subject_type, subject, from, to } = filters;
  const datesOutOfOrder = Boolean(from && to && to < from);
  return (
    <div className="flex flex-wrap items-start gap-4">
      <TextFilter
        id="audit-actor"
        label="Person"
        hint="Their email, or a device key's name as the trail shows it."
        value={actor}
        onCommit={(value) => onChange({ actor: value }, { replace: true })}
      />
      <Filter id="audit-action" label="Action" value={action} onChange={(value) => onChange({ action: value })}>
        <option value="">All actions</option>
        <Options names={LABELLED_ACTIONS} value={action} label={actionLabel} />
      </Filter>
      <Filter
        id="audit-subject-type"
        label="Subject"
        value={subject_type}
        onChange={(value) => onChange({ subject_type: value })}
      >
        <option value="">Any subject</option>
        <Options names={LABELLED_SUBJECTS} value={subject_type} label={subjectLabel} />
      </Filter>
      <TextFilter
        id="audit-subject"
        label="Subject ID"
        hint="A tracking number, customer ID or other ID."
        value={subject}
        onCommit={(value) => onChange({ subject: value }, { replace: true })}
      />
      <Filter id="audit-from" label="From" type="date" value={from} onChange={(value) => onChange({ from: value })} />
      <div>
        <Filter id="audit-to" label="To" type="date" value={to} onChange={(value) => onChange({ to: value })} />
        {datesOutOfOrder ? (
          <p id="audit-to-error" role="alert" className="mt-1 text-sm text-red-700">
            To must be on or after From.
          </p>
        ) : null}
      </div>
    </div>
  );
}
