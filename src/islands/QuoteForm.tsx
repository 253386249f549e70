import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { apiErrorSchema } from '@/lib/api/contract';
import { quotesApi } from '@/lib/api/quotes';
import { QUOTE_SERVICES, quoteRequestSchema } from '@/lib/schemas/quote';

const FIELDS = ['name', 'email', 'phone', 'service', 'origin', 'destination', 'weight_kg'] as const;
type Field = (typeof FIELDS)[number];
type State =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'sent'; message: string }
  | { kind: 'failed'; message: string };

const FAILED = 'Your request could not be sent. Please try again, or call us.';
const endpoint = quotesApi.create;

/** The home page's quote request form: checked here with the shared schema, stored by POST /api/quotes. */
export default function QuoteForm() {
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(quoteRequestSchema),
    defaultValues: { name: '', email: '', phone: '', origin: '', destination: '', weight_kg: '' },
  });
  const [state, setState] = useState<State>({ kind: 'idle' });
  const id = useId();

  const submit = handleSubmit(async (quote) => {
    setState({ kind: 'sending' });
    try {
      const response = await fetch(endpoint.path, {
        method: endpoint.method,
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(quote),
      });
      const body: unknown = await response.json();
      const sent = endpoint.response.safeParse(body);
      const failure = apiErrorSchema.safeParse(body);
      if (response.ok && sent.success) {
        reset();
        setState({ kind: 'sent', message: sent.data.message });
      } else if (response.status === 422 && failure.success && failure.data.errors) {
        setState({ kind: 'idle' });
        // The first field at fault takes the focus, as with the form's own check.
        const faulty = FIELDS.filter((field) => failure.data.errors?.[field]);
        for (const field of faulty) {
          setError(field, { message: failure.data.errors[field]!.join(' ') }, { shouldFocus: field === faulty[0] });
        }
      } else {
        setState({ kind: 'failed', message: failure.success ? failure.data.message : FAILED });
      }
    } catch {
      setState({ kind: 'failed', message: FAILED });
    }
  });

  const fieldProps = (field: Field) => {
    const invalid = Boolean(errors[field]);
    return {
      id: `${id}-${field}`,
      ...register(field),
      'aria-invalid': invalid || undefined,
      'aria-describedby': invalid ? `${id}-${field}-error` : undefined,
      className: `mt-1 block w-full rounded-lg border bg-white px-3 py-2.5 text-slate-900 ${
        invalid ? 'border-red-700' : 'border-slate-400'
      }`,
    };
  };
  const fieldError = (field: Field) =>
    errors[field] ? (
      <p id={`${id}-${field}-error`} className="mt-1 text-sm text-red-700">
        {errors[field].message}
      </p>
    ) : null;

  return (
    <form noValidate onSubmit={submit} className="grid gap-5 sm:grid-cols-2" aria-label="Request a quote">
      <div>
        <label htmlFor={`${id}-name`} className="font-medium text-slate-800">
          Name
        </label>
        <input type="text" autoComplete="name" {...fieldProps('name')} />
        {fieldError('name')}
      </div>
      <div>
        <label htmlFor={`${id}-email`} className="font-medium text-slate-800">
          Email
        </label>
        <input type="email" autoComplete="email" {...fieldProps('email')} />
        {fieldError('email')}
      </div>
      <div>
        <label htmlFor={`${id}-phone`} className="font-medium text-slate-800">
          Phone <span className="font-normal text-slate-600">(optional)</span>
        </label>
        <input type="tel" autoComplete="tel" {...fieldProps('phone')} />
        {fieldError('phone')}
      </div>
      <div>
        <label htmlFor={`${id}-service`} className="font-medium text-slate-800">
          Service
        </label>
        <select {...fieldProps('service')}>
          <option value="">Select Service</option>
          {QUOTE_SERVICES.map((service) => (
            <option key={service} value={service}>
              {service}
            </option>
          ))}
        </select>
        {fieldError('service')}
      </div>
      <div>
        <label htmlFor={`${id}-origin`} className="font-medium text-slate-800">
          From <span className="font-normal text-slate-600">(optional)</span>
        </label>
        <input type="text" placeholder="City, country" {...fieldProps('origin')} />
        {fieldError('origin')}
      </div>
      <div>
        <label htmlFor={`${id}-destination`} className="font-medium text-slate-800">
          To <span className="font-normal text-slate-600">(optional)</span>
        </label>
        <input type="text" placeholder="City, country" {...fieldProps('destination')} />
        {fieldError('destination')}
      </div>
      <div>
        <label htmlFor={`${id}-weight_kg`} className="font-medium text-slate-800">
          Approximate weight in kg <span className="font-normal text-slate-600">(optional)</span>
        </label>
        <input type="text" inputMode="decimal" {...fieldProps('weight_kg')} />
        {fieldError('weight_kg')}
      </div>
      <div className="sm:col-span-2">
        <button
          type="submit"
          disabled={state.kind === 'sending'}
          className="inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-6 py-2.5 font-semibold text-white hover:bg-brand-900 disabled:opacity-70"
        >
          {state.kind === 'sending' ? 'Sending...' : 'Request a Quote'}
        </button>
        <div role="status" aria-live="polite" className="mt-4">
          {state.kind === 'sent' && <p className="rounded-lg bg-green-50 p-3 text-green-800">{state.message}</p>}
        </div>
        <div role="alert" className="mt-2">
          {state.kind === 'failed' && <p className="rounded-lg bg-orange-50 p-3 text-orange-900">{state.message}</p>}
        </div>
      </div>
    </form>
  );
}
