import type { ReactNode } from 'react';
import type { PagedState } from '../stores/paged-list';
import { inputClass, secondaryButtonClass } from './Field';

/** Parts of the admin's lists: the paged list screens (shipments, customers, quote requests) and the tables in Settings. */

const SKELETON = ['a', 'b', 'c', 'd', 'e'];

/** The list's search box: the label is for screen readers, the placeholder says what it searches. */
export function SearchBox({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="min-w-60 flex-1">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        type="search"
        placeholder={`${label}...`}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={inputClass}
      />
    </div>
  );
}

/** "Filters (N)": shows and hides the filter panel it controls, and counts the filters in use. */
export function FiltersButton({
  open,
  onToggle,
  controls,
  active,
}: {
  open: boolean;
  onToggle: () => void;
  controls: string;
  active: number;
}) {
  return (
    <button
      type="button"
      className={secondaryButtonClass}
      aria-expanded={open}
      aria-controls={controls}
      onClick={onToggle}
    >
      Filters{active ? ` (${active})` : ''}
    </button>
  );
}

/** The list itself, or in its place the load error (with Try again) or what an empty page says. */
export function ListBody<T>({
  state,
  empty,
  onRetry,
  children,
}: {
  state: PagedState<T>;
  empty: string;
  onRetry: () => void;
  children: ReactNode;
}) {
  if (state.status === 'error') {
    return (
      <p role="alert" className="mt-4 rounded-md border border-red-300 bg-red-50 p-4 text-center text-red-700">
        {state.message}{' '}
        <button type="button" className="font-semibold underline" onClick={onRetry}>
          Try again
        </button>
      </p>
    );
  }
  if (state.status === 'ready' && state.items.length === 0) {
    return (
      <p role="status" className="mt-4 rounded-md border border-slate-200 bg-white p-8 text-center text-slate-700">
        {empty}
      </p>
    );
  }
  return children;
}

/** A column heading: its text, read only by screen readers when `hidden` (an actions column), numbers at the right. */
export type Column = string | { label: string; hidden?: boolean; numeric?: boolean };

/**
 * A table's column headings; `first` is a cell before them (the shipments' select-all box). Compact
 * tables sit inside a settings panel.
 */
export function ColumnHeads({
  columns,
  first,
  compact = false,
}: {
  columns: Column[];
  first?: ReactNode;
  compact?: boolean;
}) {
  const padding = compact ? 'px-3 py-2' : 'px-4 py-3';
  return (
    <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-700">
      <tr>
        {first}
        {columns.map((column) => {
          const { label, hidden, numeric } = typeof column === 'string' ? { label: column } : column;
          return (
            <th key={label} scope="col" className={numeric ? `${padding} text-right` : padding}>
              {hidden ? <span className="sr-only">{label}</span> : label}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}

/** Placeholder rows while a page loads, one cell per column. */
export function SkeletonRows({ cells }: { cells: string[] }) {
  return SKELETON.map((row) => (
    <tr key={row}>
      {cells.map((cell) => (
        <td key={cell} className="px-4 py-3">
          <div aria-hidden="true" className="h-4 animate-pulse rounded bg-slate-200" />
        </td>
      ))}
    </tr>
  ));
}

/** Placeholder cards while a page loads at phone width, about as tall as the cards to come. */
export function SkeletonCards({ height }: { height: 'h-28' | 'h-32' }) {
  return SKELETON.map((row) => (
    <li key={row} aria-hidden="true" className={`${height} animate-pulse rounded-lg bg-slate-200`} />
  ));
}
