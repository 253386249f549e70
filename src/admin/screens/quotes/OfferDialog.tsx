import { toast } from 'sonner';
import { addDays } from '@/lib/company-day';
import { formatMoney, SITE_CURRENCY } from '@/lib/money';
import type { QuoteRecord } from '@/lib/schemas/quote';
import { OFFER_MAX_DAYS, type QuoteOfferInput, quoteOfferInputSchema } from '@/lib/schemas/quote-offer';
import { sendQuoteOffer } from '../../api/quotes';
import { Dialog, DialogActions } from '../../components/Dialog';
import { ErrorSummary, Field, inputClass } from '../../components/Field';
import { messagesOf, own, toastRefusal, useSchemaForm } from '../../forms';

const FIELDS = ['amount', 'valid_until', 'origin', 'destination', 'message'] as const;

/** The viewer's today; the server checks the day against the company's calendar and names it when it differs. */
const localToday = () => {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
};

interface OfferDialogProps {
  quote: QuoteRecord | undefined;
  open: boolean;
  onClose: () => void;
  onSent: (quote: QuoteRecord) => void;
}

/** "Reply with price": the price, the last day it holds, the route priced and a message, emailed with an accept link. */
export function OfferDialog({ quote, open, onClose, onSent }: OfferDialogProps) {
  const today = localToday();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useSchemaForm(quoteOfferInputSchema, {
    amount: '',
    valid_until: addDays(today, 14),
    origin: quote?.origin ?? '',
    destination: quote?.destination ?? '',
    message: '',
  });

  const submit = handleSubmit(async (values: QuoteOfferInput) => {
    if (!quote) return;
    try {
      const { data } = await sendQuoteOffer(quote.id, values);
      const price = data.offer ? formatMoney(data.offer.amount_cents, data.offer.currency) : '';
      toast.success(`Price ${price} sent to ${data.name}`);
      onSent(data);
    } catch (error) {
      const refusal = toastRefusal(error, setError, FIELDS, 'Failed to send the price', own);
      if (refusal?.status === 409) setError('root.server', { message: refusal.message });
    }
  });

  const summary = FIELDS.filter((name) => errors[name]).length;
  return (
    <Dialog open={open} onClose={onClose} title={quote ? `Reply with price to ${quote.name}` : 'Reply with price'}>
      <form noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
        <ErrorSummary count={summary} server={errors.root?.server?.message} />
        {quote?.offer?.state === 'open' ? (
          <p className="rounded-md border border-amber-400 bg-amber-50 p-3 text-sm text-amber-950 sm:col-span-2">
            This replaces the price sent before ({formatMoney(quote.offer.amount_cents, quote.offer.currency)}): its
            link stops working.
          </p>
        ) : null}
        <Field label={`Price (${SITE_CURRENCY}, required)`} errors={messagesOf(errors, 'amount')}>
          {(props) => (
            <input
              {...props}
              {...register('amount')}
              type="text"
              inputMode="decimal"
              autoComplete="off"
              data-autofocus
              className={inputClass}
            />
          )}
        </Field>
        <Field
          label="Valid until (required)"
          errors={messagesOf(errors, 'valid_until')}
          hint={`Through the end of that day; at most ${OFFER_MAX_DAYS} days ahead.`}
        >
          {(props) => (
            <input
              {...props}
              {...register('valid_until')}
              type="date"
              min={today}
              max={addDays(today, OFFER_MAX_DAYS)}
              className={inputClass}
            />
          )}
        </Field>
        <Field label="From (required)" errors={messagesOf(errors, 'origin')}>
          {(props) => (
            <input {...props} {...register('origin')} type="text" autoComplete="off" className={inputClass} />
          )}
        </Field>
        <Field label="To (required)" errors={messagesOf(errors, 'destination')}>
          {(props) => (
            <input {...props} {...register('destination')} type="text" autoComplete="off" className={inputClass} />
          )}
        </Field>
        <Field
          label="Message"
          errors={messagesOf(errors, 'message')}
          hint="Shown in the email above the price (optional)."
          className="sm:col-span-2"
        >
          {(props) => <textarea {...props} {...register('message')} rows={3} className={inputClass} />}
        </Field>
        <DialogActions onCancel={onClose} busy={isSubmitting} label="Send Price" busyLabel="Sending..." />
      </form>
    </Dialog>
  );
}
