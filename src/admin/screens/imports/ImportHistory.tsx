import { useStore } from '@nanostores/react';
import { formatDateTime } from '@/lib/date-display';
import { ScrollingTable } from '../../components/ListParts';
import { Loaded } from '../../components/Loading';
import { $imports } from '../../stores/imports';

const cellClass = 'px-3 py-2 text-left';

/** The latest imports: who, when, which file, and what became of its rows; failed rows download as CSV. */
export function ImportHistory() {
  const imports = useStore($imports);
  return (
    <section aria-labelledby="import-history-title" className="rounded-md bg-white p-4 shadow-sm">
      <h2 id="import-history-title" className="text-lg font-semibold text-slate-900">
        Import history
      </h2>
      <Loaded state={imports}>
        {(entries) =>
          entries.length === 0 ? (
            <p className="mt-2 text-slate-700">No imports yet.</p>
          ) : (
            <ScrollingTable label="Imports" caption="Import history" className="mt-2">
              <thead className="bg-slate-50 text-slate-800">
                <tr>
                  {['When', 'By', 'File', 'Created', 'Already imported', 'Failed'].map((heading) => (
                    <th key={heading} scope="col" className={cellClass}>
                      {heading}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200 text-slate-900">
                {entries.map((entry) => (
                  <tr key={entry.id}>
                    <td className={cellClass}>{formatDateTime(entry.created_at)}</td>
                    <td className={cellClass}>{entry.created_by_email}</td>
                    <td className={`${cellClass} break-all`}>{entry.file_name}</td>
                    <td className={cellClass}>{entry.created}</td>
                    <td className={cellClass}>{entry.skipped}</td>
                    <td className={cellClass}>
                      {entry.failed ? (
                        <a
                          href={`/api/imports/${entry.id}/failed`}
                          download
                          target="_self"
                          className="font-semibold text-brand-700 underline"
                        >
                          {entry.failed}
                          <span className="sr-only"> failed rows of {entry.file_name}: download as CSV</span>
                        </a>
                      ) : (
                        0
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </ScrollingTable>
          )
        }
      </Loaded>
    </section>
  );
}
