import { quotesApi } from '@/lib/api/quotes';
import type { QuoteRecord } from '@/lib/schemas/quote';
import { pagedList } from './paged-list';

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
  quotesApi.list,
  'quotes',
  quoteParams,
  'Failed to fetch quote requests.',
);

/** The page of quote requests the URL asks for. */
export const $quoteList = list.$state;
export const refreshQuotes = list.refresh;

/** Puts a changed request in place in the page shown. */
export const replaceQuote = (quote: QuoteRecord) => list.replace((item) => (item.id === quote.id ? quote : item));
