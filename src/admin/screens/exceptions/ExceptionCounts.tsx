import { type ExceptionCounts as Counts, EXCEPTION_KIND_LABELS, EXCEPTION_KINDS } from '@/lib/schemas/exception';
import { Panel } from '../../components/Panel';

/** The dashboard's counts of the exceptions queue, each linking to the queue of that kind. */
export function ExceptionCounts({ counts }: { counts: Counts }) {
  return (
    <Panel title="Exceptions" className="mt-8">
      <ul className="grid gap-2 sm:grid-cols-2 xl:grid-cols-3">
        {EXCEPTION_KINDS.map((kind) => (
          <li key={kind}>
            <a
              href={`/admin/exceptions?kind=${kind}`}
              className="flex items-baseline justify-between gap-3 rounded-md border border-slate-200 px-3 py-2 text-brand-700 underline-offset-2 hover:underline"
            >
              <span>{EXCEPTION_KIND_LABELS[kind]}</span>
              <span className="text-xl font-bold text-slate-900">{counts[kind].toLocaleString('en-US')}</span>
            </a>
          </li>
        ))}
      </ul>
    </Panel>
  );
}
