import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import type { z } from 'zod';
import {
  CUSTOMER_STATUS_LABELS,
  CUSTOMER_STATUSES,
  type Customer,
  type CustomerDetail,
  customerFieldsSchema,
} from '@/lib/schemas/customer';
import type { QuoteRecord } from '@/lib/schemas/quote';
import { ApiError } from '../api/client';
import { createCustomer, updateCustomer } from '../api/customers';
import { messagesOf, toastRefusal, useSchemaForm } from '../forms';
import { Dialog, DialogActions } from './Dialog';
import { ErrorSummary, Field, inputClass, secondaryButtonClass } from './Field';

const FIELDS = ['name', 'contact', 'email', 'phone', 'address', 'status'] as const;

interface CustomerDialogProps {
  open: boolean;
  onClose: () => void;
  onSaved: (customer: CustomerDetail) => void;
  /** The customer being edited; absent for a new one. */
  customer?: Customer | undefined;
  /** The quote request a new customer comes from: its details fill the form, and it is linked to the customer. */
  quote?: QuoteRecord | undefined;
}

const defaultsFor = (customer: Customer | undefined, quote: QuoteRecord | undefined) => ({
  name: customer?.name ?? quote?.name ?? '',
  contact: customer?.contact ?? quote?.name ?? '',
  email: customer?.email ?? quote?.email ?? '',
  phone: customer?.phone ?? quote?.phone ?? '',
  address: customer?.address ?? '',
  status: customer?.status ?? 'active',
});

/** New Customer and Edit: one validated form; saving an edit sends every field (a blank one is cleared). */
export function CustomerDialog({ open, onClose, onSaved, customer, quote }: CustomerDialogProps) {
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useSchemaForm(customerFieldsSchema, defaultsFor(customer, quote));

  // A possible duplicate the server found: staff open it, or save this one anyway.
  const [duplicate, setDuplicate] = useState<{ id: string; message: string } | null>(null);
  useEffect(() => {
    if (open) reset(defaultsFor(customer, quote));
    setDuplicate(null);
  }, [open, customer, quote, reset]);

  const save = async (values: z.output<typeof customerFieldsSchema>, allowDuplicate: boolean) => {
    try {
      const saved = customer
        ? await updateCustomer(customer.id, {
            ...values,
            contact: values.contact ?? '',
            email: values.email ?? '',
            phone: values.phone ?? '',
            address: values.address ?? '',
            ...(allowDuplicate ? { allow_duplicate: true } : {}),
          })
        : await createCustomer({
            ...values,
            ...(quote ? { quote_request_id: quote.id } : {}),
            ...(allowDuplicate ? { allow_duplicate: true } : {}),
          });
      toast.success(customer ? `Customer ${saved.data.id} updated` : `Customer ${saved.data.id} created`);
      onSaved(saved.data);
    } catch (error) {
      if (error instanceof ApiError && error.duplicateOf) {
        setDuplicate({ id: error.duplicateOf, message: error.message });
        return;
      }
      // Any other conflict (the quote has a customer already, the customer was erased) is said in its own words.
      const conflict = (refusal: ApiError) => (refusal.status === 409 ? refusal.message : '');
      const refusal = toastRefusal(error, setError, FIELDS, 'Failed to save the customer', conflict);
      if (refusal?.status === 409) setError('root.server', { message: refusal.message });
    }
  };
  const submit = handleSubmit((values) => save(values, false));
  const saveAnyway = handleSubmit((values) => save(values, true));

  const summary = FIELDS.filter((name) => errors[name]).length;
  const serverMessage = errors.root?.server?.message;
  const title = customer
    ? `Edit Customer ${customer.id}`
    : quote
      ? `New Customer from quote request #${quote.id}`
      : 'New Customer';

  return (
    <Dialog open={open} onClose={onClose} title={title}>
      <form noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
        <ErrorSummary count={summary} server={serverMessage} />
        {duplicate ? (
          <div
            role="alert"
            className="rounded-md border border-amber-400 bg-amber-50 p-3 text-sm text-amber-950 sm:col-span-2"
          >
            <p>{duplicate.message}</p>
            <p className="mt-2 flex flex-wrap items-center gap-3">
              <a href={`/admin/customers/${duplicate.id}`} className="font-semibold text-brand-700 underline">
                Open {duplicate.id}
              </a>
              <button
                type="button"
                className={secondaryButtonClass}
                disabled={isSubmitting}
                onClick={() => void saveAnyway()}
              >
                {customer ? 'Save anyway' : 'Create anyway'}
              </button>
            </p>
          </div>
        ) : null}
        <Field label="Customer name (required)" errors={messagesOf(errors, 'name')} className="sm:col-span-2">
          {(props) => (
            <input {...props} {...register('name')} type="text" autoComplete="organization" className={inputClass} />
          )}
        </Field>
        <Field label="Contact person" errors={messagesOf(errors, 'contact')}>
          {(props) => (
            <input {...props} {...register('contact')} type="text" autoComplete="off" className={inputClass} />
          )}
        </Field>
        <Field label="Email" errors={messagesOf(errors, 'email')}>
          {(props) => (
            <input {...props} {...register('email')} type="email" autoComplete="off" className={inputClass} />
          )}
        </Field>
        <Field label="Phone" errors={messagesOf(errors, 'phone')}>
          {(props) => <input {...props} {...register('phone')} type="tel" autoComplete="off" className={inputClass} />}
        </Field>
        <Field label="Status" errors={messagesOf(errors, 'status')}>
          {(props) => (
            <select {...props} {...register('status')} className={inputClass}>
              {CUSTOMER_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {CUSTOMER_STATUS_LABELS[status]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          label="Address"
          errors={messagesOf(errors, 'address')}
          hint="Used as the sender address of this customer's shipments."
          className="sm:col-span-2"
        >
          {(props) => <textarea {...props} {...register('address')} rows={2} className={inputClass} />}
        </Field>
        <DialogActions onCancel={onClose} busy={isSubmitting} label={customer ? 'Save Changes' : 'Create Customer'} />
      </form>
    </Dialog>
  );
}
