import { useId, useState } from 'react';
import type { FieldErrors } from '@/lib/field-errors';
import type { ColumnMapping } from '@/lib/import-mapping';
import { IMPORT_FIELD_LABELS, type ImportCells, type ImportField } from '@/lib/schemas/shipment/import-row';
import { secondaryButtonClass } from '../../components/Field';

/** A row of the file as the preview shows it: its cells by field and, when it cannot be imported, why. */
export interface PreviewRow {
  line: number;
  values: string[];
  cells: ImportCells;
  errors: FieldErrors | null;
}

const PAGE = 100;
const cellClass = 'px-3 py-2 text-left align-top';

const labelOf = (field: string) => (field in IMPORT_FIELD_LABELS ? IMPORT_FIELD_LABELS[field as ImportField] : 'Row');

/**
 * Every row of the file, a page at a time, with each error on the cell it belongs to (an error of a field no
 * column fills is listed at the row's end). A row with errors cannot be ticked; the others are ticked until
 * staff untick them.
 */
export function ImportPreview({
  headings,
  mapping,
  rows,
  excluded,
  onExclude,
  disabled,
}: {
  headings: readonly string[];
  mapping: ColumnMapping;
  rows: readonly PreviewRow[];
  excluded: ReadonlySet<number>;
  onExclude: (lines: ReadonlySet<number>) => void;
  disabled: boolean;
}) {
  const onlyErrorsId = useId();
  const [onlyErrors, setOnlyErrors] = useState(false);
  const [page, setPage] = useState(0);
  const shown = onlyErrors ? rows.filter((row) => row.errors) : rows;
  const pages = Math.max(1, Math.ceil(shown.length / PAGE));
  const current = Math.min(page, pages - 1);
  const pageRows = shown.slice(current * PAGE, (current + 1) * PAGE);
  const columns = mapping.flatMap((field, column) => (field ? [{ field, column }] : []));
  const mapped = new Set(columns.map(({ field }) => field));
  const valid = rows.filter((row) => !row.errors);
  const bad = rows.length - valid.length;
  const allTicked = valid.length > 0 && valid.every((row) => !excluded.has(row.line));

  const tick = (line: number, on: boolean) => {
    const next = new Set(excluded);
    if (on) next.delete(line);
    else next.add(line);
    onExclude(next);
  };

  return (
    <section aria-labelledby="import-preview-title" className="rounded-md bg-white p-4 shadow-sm">
      <h2 id="import-preview-title" className="text-lg font-semibold text-slate-900">
        Rows
      </h2>
      <p className="mt-1 text-sm text-slate-800" data-testid="import-counts">
        {rows.length} {rows.length === 1 ? 'row' : 'rows'}: {valid.length} ready to import,{' '}
        <strong className={bad ? 'text-red-800' : ''}>
          {bad} with {bad === 1 ? 'an error' : 'errors'}
        </strong>
        .
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-4">
        <label htmlFor={onlyErrorsId} className="flex items-center gap-2 text-sm text-slate-800">
          <input
            id={onlyErrorsId}
            type="checkbox"
            checked={onlyErrors}
            onChange={(event) => {
              setOnlyErrors(event.target.checked);
              setPage(0);
            }}
          />
          Show only rows with errors
        </label>
        {pages > 1 ? (
          <nav aria-label="Pages of rows" className="flex items-center gap-2 text-sm">
            <button
              type="button"
              className={secondaryButtonClass}
              disabled={current === 0}
              onClick={() => setPage(current - 1)}
            >
              Previous rows
            </button>
            <span>
              Page {current + 1} of {pages}
            </span>
            <button
              type="button"
              className={secondaryButtonClass}
              disabled={current >= pages - 1}
              onClick={() => setPage(current + 1)}
            >
              Next rows
            </button>
          </nav>
        ) : null}
      </div>
      <div className="relative mt-3 max-h-[36rem] overflow-auto">
        <table className="min-w-full text-sm">
          <thead className="sticky top-0 bg-slate-50 text-slate-800">
            <tr>
              <th scope="col" className={cellClass}>
                <input
                  type="checkbox"
                  aria-label="Import every row without errors"
                  checked={allTicked}
                  disabled={disabled || valid.length === 0}
                  onChange={(event) => onExclude(event.target.checked ? new Set() : new Set(valid.map((r) => r.line)))}
                />
              </th>
              <th scope="col" className={cellClass}>
                Row
              </th>
              {columns.map(({ field, column }) => (
                <th key={column} scope="col" className={cellClass}>
                  {IMPORT_FIELD_LABELS[field]}
                  {headings[column] !== IMPORT_FIELD_LABELS[field] ? (
                    <span className="block text-xs font-normal text-slate-600">from “{headings[column]}”</span>
                  ) : null}
                </th>
              ))}
              <th scope="col" className={cellClass}>
                Other errors
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 text-slate-900">
            {pageRows.map((row) => {
              const others = Object.entries(row.errors ?? {}).filter(([field]) => !mapped.has(field as ImportField));
              return (
                <tr key={row.line} className={row.errors ? 'bg-red-50/40' : ''}>
                  <td className={cellClass}>
                    <input
                      type="checkbox"
                      aria-label={
                        row.errors ? `Row ${row.line} has errors: it cannot be imported` : `Import row ${row.line}`
                      }
                      checked={!row.errors && !excluded.has(row.line)}
                      disabled={disabled || !!row.errors}
                      onChange={(event) => tick(row.line, event.target.checked)}
                    />
                  </td>
                  <th scope="row" className={cellClass}>
                    {row.line}
                  </th>
                  {columns.map(({ field, column }) => {
                    const errors = row.errors?.[field];
                    return (
                      <td key={column} className={`${cellClass} ${errors ? 'bg-red-100' : ''}`}>
                        <span className="block max-w-xs truncate">{row.values[column]}</span>
                        {errors ? (
                          <span className="block text-xs font-semibold text-red-800">{errors.join(' ')}</span>
                        ) : null}
                      </td>
                    );
                  })}
                  <td className={cellClass}>
                    {others.length ? (
                      <span className="text-xs font-semibold text-red-800">
                        {others.map(([field, messages]) => `${labelOf(field)}: ${messages.join(' ')}`).join(' ')}
                      </span>
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
