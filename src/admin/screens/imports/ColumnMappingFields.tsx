import { useId } from 'react';
import type { ColumnMapping } from '@/lib/import-mapping';
import { IMPORT_FIELD_LABELS, IMPORT_FIELDS, type ImportField } from '@/lib/schemas/shipment/import-row';
import { inputClass } from '../../components/Field';

/** Which shipment field each column of the file fills (found from its heading), or that it is ignored. */
export function ColumnMappingFields({
  headings,
  mapping,
  onMap,
  disabled,
}: {
  headings: readonly string[];
  mapping: ColumnMapping;
  onMap: (column: number, field: ImportField | null) => void;
  disabled: boolean;
}) {
  const id = useId();
  return (
    <fieldset className="rounded-md bg-white p-4 shadow-sm">
      <legend className="px-1 text-lg font-semibold text-slate-900">Columns</legend>
      <p className="text-sm text-slate-700">
        Each column of the file fills the field chosen here; an ignored column is not imported.
      </p>
      <div className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {headings.map((heading, column) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: columns are the file's, in its order, and never move
          <div key={column}>
            <label htmlFor={`${id}-${column}`} className="block text-sm font-medium text-slate-800">
              Column {column + 1}: {heading || '(no heading)'}
            </label>
            <select
              id={`${id}-${column}`}
              className={inputClass}
              value={mapping[column] ?? ''}
              disabled={disabled}
              onChange={(event) => onMap(column, (event.target.value || null) as ImportField | null)}
            >
              <option value="">Ignore this column</option>
              {IMPORT_FIELDS.map((field) => (
                <option key={field} value={field}>
                  {IMPORT_FIELD_LABELS[field]}
                </option>
              ))}
            </select>
          </div>
        ))}
      </div>
    </fieldset>
  );
}
