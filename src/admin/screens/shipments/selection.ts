import { useState } from 'react';
import { MATCHING_MAX, SELECTED_MAX } from '@/lib/schemas/shipment/selection';

/**
 * The shipments picked on the list: rows ticked (kept across pages), or every match of the list's search
 * and filters (the Gmail pattern: tick the page, then "Select all N matching"), which the server reads
 * again when an action runs. A match selection belongs to the filters it was made with: once they change
 * it no longer applies, and any row ticked or unticked turns it back into rows.
 */

/** The list's search and filters, as its URL and the API's `filter` name them. */
export interface ListFilter {
  q: string;
  status: string;
  type: string;
  delivered_since: string;
}

export type Selection =
  | { kind: 'rows'; numbers: ReadonlySet<string> }
  | { kind: 'matching'; filter: ListFilter; total: number };

const NONE: Selection = { kind: 'rows', numbers: new Set() };
const sameFilter = (a: ListFilter, b: ListFilter) =>
  a.q === b.q && a.status === b.status && a.type === b.type && a.delivered_since === b.delivered_since;

/** What the page shows: its rows' numbers and how many the filters match (`exact` unless it is an estimate). */
export interface ListPage {
  numbers: string[];
  total: number;
  exact: boolean;
}

export function useSelection(filter: ListFilter, page: ListPage) {
  const [chosen, setChosen] = useState<Selection>(NONE);
  const selection = chosen.kind === 'matching' && !sameFilter(chosen.filter, filter) ? NONE : chosen;
  const matching = selection.kind === 'matching';
  const count = matching ? selection.total : selection.numbers.size;
  const has = (number: string) => matching || (selection.kind === 'rows' && selection.numbers.has(number));
  const pageSelected = page.numbers.filter(has).length;
  const wholePage = page.numbers.length > 0 && pageSelected === page.numbers.length;

  const toggle = (numbers: string[], on: boolean) =>
    setChosen(() => {
      // Unticking within a match selection keeps the page's other rows ticked, as rows.
      const next = new Set(selection.kind === 'rows' ? selection.numbers : page.numbers);
      for (const number of numbers) {
        if (on) next.add(number);
        else next.delete(number);
      }
      return { kind: 'rows', numbers: next };
    });

  return {
    selection,
    count,
    matching,
    has,
    toggle,
    pageNumbers: page.numbers,
    /** How many of the page's rows are ticked, and whether all are. */
    page: { selected: pageSelected, whole: wholePage },
    /**
     * "Select all N matching" is offered once the whole page is ticked and more match; null when it is not,
     * `tooMany` when the filters match more than one action takes.
     */
    offer:
      !matching && wholePage && page.total > page.numbers.length
        ? { total: page.total, tooMany: !page.exact || page.total > MATCHING_MAX }
        : null,
    selectMatching: () => setChosen({ kind: 'matching', filter, total: page.total }),
    clear: () => setChosen(NONE),
    /** Too many ticked rows for one action (SELECTED_MAX): the actions say so instead of sending them. */
    overRows: !matching && count > SELECTED_MAX,
  };
}

export type ShipmentSelection = ReturnType<typeof useSelection>;

/** The selection as the bulk calls take it: the ticked numbers, or the filters (empty ones left out). */
export function selectionBody(selection: Selection) {
  if (selection.kind === 'rows') return { tracking_numbers: [...selection.numbers] };
  const filter = Object.fromEntries(Object.entries(selection.filter).filter(([, value]) => value !== ''));
  return { filter };
}
