import { useStore } from '@nanostores/react';
import { useCallback, useId, useState } from 'react';
import { toast } from 'sonner';
import { exportsApi } from '@/lib/api/exports';
import { formatDateTime } from '@/lib/date-display';
import { QUOTE_STATUS_LABELS, QUOTE_STATUSES, type QuoteRecord, type QuoteStatus } from '@/lib/schemas/quote';
import { formatWeight } from '@/lib/weight';
import { setQuoteStatus } from '../api/quotes';
import { CustomerDialog } from '../components/CustomerDialog';
import { ExportLink } from '../components/ExportLink';
import { inputClass, secondaryButtonClass } from '../components/Field';
import { ListFooter } from '../components/ListFooter';
import { Filter, ListViews, SearchBox } from '../components/ListParts';
import { toastFailure } from '../forms';
import { goToList, useSearchBox, useSearchParams } from '../list-url';
import { $quoteList, type QuoteListParams, quoteParams, refreshQuotes, replaceQuote } from '../stores/quotes';
import { OfferCell } from './quotes/OfferCell';
import { OfferDialog } from './quotes/OfferDialog';

const COLUMNS = ['Received', 'Requester', 'Service', 'Route', 'Weight', 'Price', 'Status', 'Customer'];

const isQuoteStatus = (value: string): value is QuoteStatus => (QUOTE_STATUSES as readonly string[]).includes(value);

/** The request's status, changed in place by staff. */
function StatusControl({ quote }: { quote: QuoteRecord }) {
  const [busy, setBusy] = useState(false);
  const id = useId();
  const change = async (status: string) => {
    if (!isQuoteStatus(status)) return;
    setBusy(true);
    try {
      const { data } = await setQuoteStatus(quote.id, { status });
      replaceQuote(data);
      toast.success(`Request from ${data.name} marked ${QUOTE_STATUS_LABELS[data.status]}`);
    } catch (error) {
      toastFailure(error, 'Failed to change the status');
    } finally {
      setBusy(false);
    }
  };
  return (
    <div>
      <label htmlFor={id} className="sr-only">
        Status of the request from {quote.name}
      </label>
      <select
        id={id}
        value={quote.status}
        disabled={busy}
        onChange={(event) => void change(event.target.value)}
        className={`${inputClass} mt-0 w-auto`}
      >
        {QUOTE_STATUSES.map((status) => (
          <option key={status} value={status}>
            {QUOTE_STATUS_LABELS[status]}
          </option>
        ))}
      </select>
    </div>
  );
}

function CustomerCell({ quote, onCreate }: { quote: QuoteRecord; onCreate: () => void }) {
  return quote.customer_id ? (
    <a href={`/admin/customers/${quote.customer_id}`} className="font-semibold text-brand-700 underline">
      {quote.customer_id}
    </a>
  ) : (
    <button
      type="button"
      className="rounded px-2 py-1 font-semibold text-brand-700 underline-offset-2 hover:underline"
      aria-label={`Create customer from the request of ${quote.name}`}
      onClick={onCreate}
    >
      Create customer
    </button>
  );
}

const route = (quote: QuoteRecord) =>
  quote.origin || quote.destination ? `${quote.origin ?? '?'} → ${quote.destination ?? '?'}` : '—';
const weight = (quote: QuoteRecord) => (quote.weight_kg === null ? '—' : formatWeight(quote.weight_kg));

function Requester({ quote }: { quote: QuoteRecord }) {
  return (
    <div className="[overflow-wrap:anywhere]">
      <div className="font-semibold text-slate-900">{quote.name}</div>
      <a href={`mailto:${quote.email}`} className="text-brand-700 underline">
        {quote.email}
      </a>
      {quote.phone ? <div className="text-slate-700">{quote.phone}</div> : null}
    </div>
  );
}

export default function QuotesScreen() {
  const list = useStore($quoteList);
  const params = quoteParams(useSearchParams());
  const { q, status } = params;
  const go = (next: Partial<QuoteListParams>, options?: { replace?: boolean }) =>
    goToList('quotes', { q, status, ...next }, options);
  const [search, setSearch] = useSearchBox(q, (value) => go({ q: value }, { replace: true }));
  const [dialog, setDialog] = useState<{ open: boolean; key: number; quote?: QuoteRecord }>({ open: false, key: 0 });
  const close = useCallback(() => setDialog((current) => ({ ...current, open: false })), []);

  const create = (quote: QuoteRecord) => setDialog((current) => ({ open: true, key: current.key + 1, quote }));
  const [offer, setOffer] = useState<{ open: boolean; key: number; quote?: QuoteRecord }>({ open: false, key: 0 });
  const closeOffer = useCallback(() => setOffer((current) => ({ ...current, open: false })), []);
  const reply = (quote: QuoteRecord) => setOffer((current) => ({ open: true, key: current.key + 1, quote }));

  return (
    <section aria-labelledby="quotes-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="quotes-title" className="text-2xl font-bold text-slate-900">
          Quote Requests
        </h1>
        <ExportLink
          endpoint={exportsApi.quoteRequests}
          filters={{ q, status }}
          file="quote-requests.csv"
          what="quote requests"
        />
      </div>
      <p className="mt-1 text-slate-700">Requests sent from the website's quote form, newest first.</p>

      <div className="mt-6 flex flex-wrap items-end gap-3">
        <SearchBox id="quote-search" label="Search quote requests" value={search} onChange={setSearch} />
        <Filter id="quote-filter-status" label="Status" value={status} onChange={(value) => go({ status: value })}>
          <option value="">All statuses</option>
          {QUOTE_STATUSES.map((option) => (
            <option key={option} value={option}>
              {QUOTE_STATUS_LABELS[option]}
            </option>
          ))}
        </Filter>
      </div>

      <ListViews
        state={list}
        empty="No quote requests found."
        onRetry={() => void refreshQuotes()}
        caption="Quote requests"
        columns={COLUMNS}
        cardHeight="h-32"
        row={(quote) => (
          <tr key={quote.id}>
            <td className="whitespace-nowrap px-4 py-3 text-slate-700">
              <time dateTime={quote.created_at}>{formatDateTime(quote.created_at)}</time>
            </td>
            <td className="px-4 py-3">
              <Requester quote={quote} />
            </td>
            <td className="px-4 py-3 text-slate-900">{quote.service}</td>
            <td className="px-4 py-3 text-slate-700">{route(quote)}</td>
            <td className="whitespace-nowrap px-4 py-3 text-slate-700">{weight(quote)}</td>
            <td className="px-4 py-3">
              <OfferCell quote={quote} onReply={() => reply(quote)} />
            </td>
            <td className="px-4 py-3">
              <StatusControl quote={quote} />
            </td>
            <td className="px-4 py-3">
              <CustomerCell quote={quote} onCreate={() => create(quote)} />
            </td>
          </tr>
        )}
        card={(quote) => (
          <li key={quote.id} className="rounded-lg border border-slate-200 bg-white p-4 text-sm shadow-sm">
            <Requester quote={quote} />
            <dl className="mt-2 grid grid-cols-[max-content_1fr] gap-x-3">
              <dt className="text-slate-700">Received</dt>
              <dd className="text-slate-900">
                <time dateTime={quote.created_at}>{formatDateTime(quote.created_at)}</time>
              </dd>
              <dt className="text-slate-700">Service</dt>
              <dd className="text-slate-900">{quote.service}</dd>
              <dt className="text-slate-700">Route</dt>
              <dd className="text-slate-900">{route(quote)}</dd>
              <dt className="text-slate-700">Weight</dt>
              <dd className="text-slate-900">{weight(quote)}</dd>
            </dl>
            <div className="mt-2">
              <OfferCell quote={quote} onReply={() => reply(quote)} />
            </div>
            <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
              <StatusControl quote={quote} />
              <CustomerCell quote={quote} onCreate={() => create(quote)} />
            </div>
          </li>
        )}
      />

      <ListFooter state={list} noun="quote requests" onPage={go} />
      {status || q ? (
        <button type="button" className={`${secondaryButtonClass} mt-3`} onClick={() => go({ q: '', status: '' })}>
          Show all requests
        </button>
      ) : null}

      <CustomerDialog
        key={dialog.key}
        open={dialog.open}
        quote={dialog.quote}
        onClose={close}
        onSaved={(customer) => {
          close();
          if (dialog.quote) replaceQuote({ ...dialog.quote, customer_id: customer.id });
        }}
      />
      <OfferDialog
        key={`offer-${offer.key}`}
        open={offer.open}
        quote={offer.quote}
        onClose={closeOffer}
        onSent={(quote) => {
          closeOffer();
          replaceQuote(quote);
        }}
      />
    </section>
  );
}
