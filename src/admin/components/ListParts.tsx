import { type ReactNode, useId, useState } from 'react';
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

/**
 * The row above a list: its search box, and "Filters (N)", which shows and hides the filter panel
 * (open from the start when a filter is in use) and counts the filters in use; the panel offers
 * Clear filters while any is.
 */
export function SearchAndFilters({
  search,
  active,
  onClear,
  children,
}: {
  search: ReactNode;
  active: number;
  onClear: () => void;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(active > 0);
  const panelId = useId();
  return (
    <>
      <div className="mt-6 flex flex-wrap items-end gap-3">
        {search}
        <button
          type="button"
          className={secondaryButtonClass}
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen(!open)}
        >
          Filters{active ? ` (${active})` : ''}
        </button>
      </div>
      <div id={panelId} hidden={!open} className="mt-3 rounded-md border border-slate-200 bg-white p-4">
        <div className="flex flex-wrap items-end gap-4">
          {children}
          {active ? (
            <button type="button" className={secondaryButtonClass} onClick={onClear}>
              Clear filters
            </button>
          ) : null}
        </div>
      </div>
    </>
  );
}

/** A filter: a labelled control whose value lives in the URL (a select by default; `type="date"` for a date). */
export function Filter({
  id,
  label,
  value,
  onChange,
  type,
  children,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'date';
  children?: ReactNode;
}) {
  const change = (event: { target: { value: string } }) => onChange(event.target.value);
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {type ? (
        <input id={id} type={type} value={value} onChange={change} className={inputClass} />
      ) : (
        <select id={id} value={value} onChange={change} className={inputClass}>
          {children}
        </select>
      )}
    </div>
  );
}

/** The list as a table on wide screens (phones get cards); `busy` while a new page loads. */
function WideTable({ caption, busy, children }: { caption: string; busy: boolean; children: ReactNode }) {
  return (
    <div className="mt-4 hidden overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm md:block">
      <table className="min-w-full divide-y divide-slate-200 text-sm" aria-busy={busy}>
        <caption className="sr-only">{caption}</caption>
        {children}
      </table>
    </div>
  );
}

/** The list itself, or in its place the load error (with Try again) or what an empty page says. */
function ListBody<T>({
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

/**
 * A paged list screen's page: in place of the list, its load error or what an empty page says; else the
 * list twice over, a table on wide screens (`row` per item; `first` heads a cell before the columns,
 * `cells` names every cell for the placeholders) and on phones a card per item (`card`) with its actions
 * always in view. Both show placeholders while a page loads.
 */
export function ListViews<T>({
  state,
  empty,
  onRetry,
  caption,
  columns,
  first,
  cells = columns.map((column) => (typeof column === 'string' ? column : column.label)),
  cardHeight,
  row,
  card,
}: {
  state: PagedState<T>;
  empty: string;
  onRetry: () => void;
  caption: string;
  columns: Column[];
  first?: ReactNode;
  cells?: string[];
  cardHeight: 'h-28' | 'h-32';
  row: (item: T) => ReactNode;
  card: (item: T) => ReactNode;
}) {
  const loading = state.status === 'loading';
  const items = state.status === 'ready' ? state.items : [];
  return (
    <ListBody state={state} empty={empty} onRetry={onRetry}>
      <WideTable caption={caption} busy={loading}>
        <ColumnHeads columns={columns} first={first} />
        <tbody className="divide-y divide-slate-200">{loading ? <SkeletonRows cells={cells} /> : items.map(row)}</tbody>
      </WideTable>
      <ul aria-label={caption} aria-busy={loading} className="mt-4 flex flex-col gap-3 md:hidden">
        {loading ? <SkeletonCards height={cardHeight} /> : items.map(card)}
      </ul>
    </ListBody>
  );
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
function SkeletonRows({ cells }: { cells: string[] }) {
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
function SkeletonCards({ height }: { height: 'h-28' | 'h-32' }) {
  return SKELETON.map((row) => (
    <li key={row} aria-hidden="true" className={`${height} animate-pulse rounded-lg bg-slate-200`} />
  ));
}

/**
 * A table in a region a narrow screen scrolls sideways; the region takes focus so that keyboards can
 * scroll it too. `className` frames the region. The region is positioned so that what the table places
 * absolutely (screen-reader-only text, far right in a wide table) scrolls inside it instead of widening the page.
 */
export function ScrollingTable({
  label,
  caption,
  busy,
  className = 'rounded-md border border-slate-200',
  children,
}: {
  label: string;
  caption: string;
  busy?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
    <section aria-label={label} tabIndex={0} className={`relative overflow-x-auto ${className}`}>
      <table className="min-w-full divide-y divide-slate-200 text-sm" aria-busy={busy}>
        <caption className="sr-only">{caption}</caption>
        {children}
      </table>
    </section>
  );
}
