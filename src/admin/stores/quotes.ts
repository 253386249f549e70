import type { QuoteRecord } from '@/lib/schemas/quote';
import { listQuoteRequests } from '../api/quotes';
import { pagedList } from './paged-list';

const QUOTE_PAGE_SIZE = 20;

/** The quote requests list's URL parameters. */
export interface QuoteListParams {
  q: string;
  status: string;
  cursor: string;
  before: string;
}

export const quoteParams = (search: Record<string, string>): QuoteListParams => ({
  q: search.q ?? '',
  status: search.status ?? '',
  cursor: search.cursor ?? '',
  before: search.before ?? '',
});

const list = pagedList<QuoteRecord, QuoteListParams>(
  ({ q, ...rest }, signal) => listQuoteRequests({ q: q.trim(), ...rest, limit: QUOTE_PAGE_SIZE }, { signal }),
  'Failed to fetch quote requests.',
);

export const $quoteList = list.$state;
export const loadQuotes = list.load;
export const refreshQuotes = list.refresh;

/** Puts a changed request in place in the page shown. */
export function replaceQuote(quote: QuoteRecord): void {
  const state = $quoteList.get();
  if (state.status !== 'ready') return;
  $quoteList.set({ ...state, items: state.items.map((item) => (item.id === quote.id ? quote : item)) });
}
