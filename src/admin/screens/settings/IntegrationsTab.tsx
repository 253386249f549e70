import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { formatDateTime } from '@/lib/date-display';
import { type ApiKeyInfo, apiKeyCreateSchema } from '@/lib/schemas/api-keys';
import { createApiKey, revokeApiKey } from '../../api/api-keys';
import { ConfirmDialog } from '../../components/Dialog';
import { buttonClass, Field, inputClass, secondaryButtonClass } from '../../components/Field';
import { ColumnHeads, ScrollingTable } from '../../components/ListParts';
import { fieldsOrToast, messagesOf, own, toastFailure, useSchemaForm } from '../../forms';
import { $apiKeys } from '../../stores/api-keys';

/** What this product cannot connect to, and what connecting would take. */
const NOT_CONNECTED = [
  {
    name: 'Accounting Software',
    needs:
      'Connecting needs an account with an accounting service (such as QuickBooks or Xero), an app registered with it for sign-in, and a rule for turning shipments and customs fees into invoices. None of these exist here yet.',
  },
  {
    name: 'Email Marketing',
    needs:
      "Connecting needs a marketing platform account (such as Mailchimp) with its API key, and customers' consent to marketing emails, which this product does not collect. Shipment emails are sent by Notifications instead.",
  },
  {
    name: 'Customer Support',
    needs:
      'Connecting needs a help desk account (such as Zendesk or Freshdesk) with an API token, so tickets can carry tracking numbers. Until then, requests arrive through the contact page and the support email.',
  },
];

function NotConnectedBadge() {
  return (
    <span className="inline-flex rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-800 ring-1 ring-inset ring-slate-300">
      Not connected
    </span>
  );
}

/** The new key, shown once: copied from here into the device, never shown again. */
function NewKey({ created, onDone }: { created: ApiKeyInfo & { key: string }; onDone: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const inputId = useId();
  useEffect(() => heading.current?.focus(), []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.key);
      toast.success('Key copied.');
    } catch {
      toast.error('Could not copy: select the key and copy it.');
    }
  };
  return (
    <div className="rounded-md border border-green-300 bg-green-50 p-4">
      <h3 ref={heading} tabIndex={-1} className="font-semibold text-green-900 outline-none">
        Key “{created.name}” created
      </h3>
      <p className="mt-1 text-sm text-green-900">
        Copy it into the device now: this is the only time it is shown. Only a fingerprint of it is stored.
      </p>
      <label htmlFor={inputId} className="mt-3 block text-sm font-medium text-slate-800">
        API key
      </label>
      <div className="mt-1 flex flex-wrap gap-2">
        <input
          id={inputId}
          readOnly
          value={created.key}
          className={`${inputClass} mt-0 flex-1 font-mono`}
          onFocus={(event) => event.target.select()}
        />
        <button type="button" className={secondaryButtonClass} onClick={() => void copy()}>
          Copy
        </button>
        <button type="button" className={buttonClass} onClick={onDone}>
          Done
        </button>
      </div>
    </div>
  );
}

function CreateKeyForm({ onCreated }: { onCreated: (created: ApiKeyInfo & { key: string }) => void }) {
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useSchemaForm(apiKeyCreateSchema, { name: '' });
  const submit = handleSubmit(async (input) => {
    try {
      const { data } = await createApiKey(input);
      reset();
      onCreated(data);
    } catch (error) {
      fieldsOrToast(error, setError, ['name'], 'Could not create the key.');
    }
  });
  return (
    <form noValidate onSubmit={submit} className="flex flex-wrap items-start gap-3">
      <Field
        label="New key name"
        hint="The device or vehicle it goes in, e.g. “Truck 12 GPS”. Its updates are logged under this name."
        errors={messagesOf(errors, 'name')}
        className="min-w-60 flex-1"
      >
        {(props) => <input {...props} {...register('name')} type="text" autoComplete="off" className={inputClass} />}
      </Field>
      <button type="submit" disabled={isSubmitting} className={`${buttonClass} mt-6`}>
        {isSubmitting ? 'Creating...' : 'Create key'}
      </button>
    </form>
  );
}

function KeyTable({ keys, onRevoke }: { keys: ApiKeyInfo[]; onRevoke: (key: ApiKeyInfo) => void }) {
  if (keys.length === 0) {
    return <p className="text-sm text-slate-700">No keys yet.</p>;
  }
  return (
    <ScrollingTable label="API keys" caption="API keys">
      <ColumnHeads
        compact
        columns={['Name', 'Key', 'Created', 'Last used', 'Status', { label: 'Actions', hidden: true }]}
      />
      <tbody className="divide-y divide-slate-200">
        {keys.map((key) => (
          <tr key={key.id}>
            <td className="px-3 py-2 font-medium text-slate-900">{key.name}</td>
            <td className="px-3 py-2 font-mono text-slate-800">
              {key.prefix}
              <span aria-hidden="true">…</span>
            </td>
            <td className="px-3 py-2 text-slate-700">
              {formatDateTime(key.created_at)}
              <div className="text-xs">by {key.created_by_email}</div>
            </td>
            <td className="px-3 py-2 text-slate-700">
              {key.last_used_at ? formatDateTime(key.last_used_at) : 'Never'}
            </td>
            <td className="px-3 py-2">
              {key.revoked_at ? (
                <span className="text-slate-700">Revoked {formatDateTime(key.revoked_at)}</span>
              ) : (
                <span className="font-semibold text-green-800">Active</span>
              )}
            </td>
            <td className="px-3 py-2">
              {key.revoked_at ? null : (
                <button
                  type="button"
                  className="rounded px-2 py-1 font-semibold text-red-700 hover:underline"
                  onClick={() => onRevoke(key)}
                >
                  Revoke<span className="sr-only"> {key.name}</span>
                </button>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </ScrollingTable>
  );
}

/**
 * Settings > Integrations: device API keys for the GPS Tracking API (real), and the integrations this
 * product cannot connect to, said plainly. A standalone tab panel: the Settings screen renders it
 * (its default export, for a lazy tab).
 */
export default function IntegrationsTab() {
  const keys = useStore($apiKeys);
  const [created, setCreated] = useState<(ApiKeyInfo & { key: string }) | null>(null);
  const [revoking, setRevoking] = useState<ApiKeyInfo | null>(null);
  const [busy, setBusy] = useState(false);
  const gpsId = useId();

  const revoke = async () => {
    if (!revoking) return;
    setBusy(true);
    try {
      await revokeApiKey(revoking.id);
      toast.success(`Key “${revoking.name}” revoked.`);
      setRevoking(null);
    } catch (error) {
      toastFailure(error, 'Could not revoke the key.', own);
    } finally {
      setBusy(false);
    }
  };

  const live = keys.status === 'ready' ? keys.data.filter((key) => !key.revoked_at).length : 0;
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby={gpsId} className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id={gpsId} className="text-lg font-semibold text-slate-900">
            GPS Tracking API
          </h2>
          {live ? (
            <span className="inline-flex rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-semibold text-green-800 ring-1 ring-inset ring-green-300">
              {live} active key{live === 1 ? '' : 's'}
            </span>
          ) : (
            <NotConnectedBadge />
          )}
        </div>
        <p className="mt-2 text-sm text-slate-700">
          Scanners and GPS units post status and location updates, and batches of up to 500 scans, with a key sent as{' '}
          <code className="rounded bg-slate-100 px-1">Authorization: Bearer …</code>. A key can only make those updates:
          it cannot read shipments or sign in. See the{' '}
          <a href="/api-docs" target="_self" className="font-semibold text-brand-700 underline">
            API reference
          </a>
          .
        </p>
        <div className="mt-4 flex flex-col gap-4">
          {created ? <NewKey created={created} onDone={() => setCreated(null)} /> : null}
          <CreateKeyForm
            onCreated={(key) => {
              setCreated(key);
            }}
          />
          {keys.status === 'loading' ? (
            <p role="status" className="text-sm text-slate-700">
              Loading keys...
            </p>
          ) : keys.status === 'error' ? (
            <p role="alert" className="text-sm text-red-700">
              {keys.message}
            </p>
          ) : (
            <KeyTable keys={keys.data} onRevoke={setRevoking} />
          )}
        </div>
      </section>

      {NOT_CONNECTED.map((integration) => (
        <section
          key={integration.name}
          aria-label={integration.name}
          className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
        >
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 className="text-lg font-semibold text-slate-900">{integration.name}</h2>
            <NotConnectedBadge />
          </div>
          <p className="mt-2 text-sm text-slate-700">{integration.needs}</p>
        </section>
      ))}

      <ConfirmDialog
        open={revoking !== null}
        title="Revoke API key"
        onClose={() => setRevoking(null)}
        busy={busy}
        label="Revoke key"
        busyLabel="Revoking..."
        onConfirm={() => void revoke()}
      >
        Revoke “{revoking?.name}” ({revoking?.prefix}…)? Devices using it are refused from their next update. This
        cannot be undone: give the device a new key instead.
      </ConfirmDialog>
    </div>
  );
}
