import { formatDate } from '@/lib/date-display';
import { formatMoney } from '@/lib/money';
import type { QuoteRecord } from '@/lib/schemas/quote';

/** The price sent (valid until when, accepted or not), and the action to send one or a new one. */
export function OfferCell({ quote, onReply }: { quote: QuoteRecord; onReply: () => void }) {
  const { offer } = quote;
  const accepted = offer?.state === 'accepted';
  const expired = offer?.state === 'open' && Date.parse(offer.expires_at) <= Date.now();
  return (
    <div className="text-sm">
      {offer ? (
        <div>
          <div className="font-semibold text-slate-900">{formatMoney(offer.amount_cents, offer.currency)}</div>
          {accepted ? (
            <div className="text-green-800">
              Accepted
              {offer.tracking_number ? (
                <>
                  {': '}
                  <a
                    href={`/admin/view_shipment/${offer.tracking_number}`}
                    className="font-semibold text-brand-700 underline"
                  >
                    {offer.tracking_number}
                  </a>
                </>
              ) : null}
            </div>
          ) : (
            <div className={expired ? 'text-red-700' : 'text-slate-700'}>
              {expired ? 'Expired' : 'Valid until'} {formatDate(offer.valid_until)}
              {expired ? '' : ', not accepted yet'}
            </div>
          )}
        </div>
      ) : null}
      {accepted || quote.status === 'won' ? null : (
        <button
          type="button"
          className="mt-1 rounded px-2 py-1 font-semibold text-brand-700 underline-offset-2 hover:underline"
          aria-label={`${offer ? 'Send a new price' : 'Reply with price'} to ${quote.name}`}
          onClick={onReply}
        >
          {offer ? 'New price' : 'Reply with price'}
        </button>
      )}
    </div>
  );
}
