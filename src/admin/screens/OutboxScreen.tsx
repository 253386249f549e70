import { useStore } from '@nanostores/react';
import { openPage } from '@nanostores/router';
import { useState } from 'react';
import { toast } from 'sonner';
import { formatDateTime } from '@/lib/date-display';
import {
  OUTBOX_KIND_LABELS,
  OUTBOX_STATE_LABELS,
  OUTBOX_STATES,
  type OutboxMessage,
  type OutboxState,
} from '@/lib/schemas/outbox';
import { retryOutboxMessage } from '../api/outbox';
import { inputClass, secondaryButtonClass } from '../components/Field';
import { ColumnHeads, ScrollingTable } from '../components/ListParts';
import { own, toastFailure } from '../forms';
import { useSearchParams } from '../list-url';
import { $router } from '../router';
import { $outbox, outboxParams, refreshOutbox } from '../stores/outbox';

const STATE_COLOURS: Record<OutboxState, string> = {
  queued: 'bg-amber-100 text-amber-900 ring-amber-300',
  sending: 'bg-blue-100 text-blue-800 ring-blue-300',
  sent: 'bg-green-100 text-green-800 ring-green-300',
  failed: 'bg-red-100 text-red-800 ring-red-300',
  cancelled: 'bg-slate-100 text-slate-800 ring-slate-300',
  logged: 'bg-purple-100 text-purple-800 ring-purple-300',
};

function StateBadge({ state }: { state: OutboxState }) {
  return (
    <span
      className={`inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${STATE_COLOURS[state]}`}
    >
      {OUTBOX_STATE_LABELS[state]}
    </span>
  );
}

/** When the row's state changes next, in words: a queued message's next attempt, a sent one's time. */
function timing(message: OutboxMessage): string {
  if (message.state === 'sent' && message.sent_at) return `Sent ${formatDateTime(message.sent_at)}`;
  if (message.state === 'queued') return `Next attempt ${formatDateTime(message.next_attempt_at)}`;
  return '';
}

/**
 * Settings > Notifications > Outbox: every email the product sent or would send, with its state,
 * attempts and last error. Without a mail server, this is where the emails are read.
 */
export default function OutboxScreen() {
  const page = useStore($outbox);
  const { state, cursor } = outboxParams(useSearchParams());
  // The cursors of the pages seen before this one ('' for the first): "Newer" goes back through them.
  const [trail, setTrail] = useState<string[]>([]);
  const go = (next: { state: string; cursor: string }) =>
    openPage($router, 'outbox', {}, Object.fromEntries(Object.entries(next).filter(([, value]) => value)));

  const retry = async (message: OutboxMessage) => {
    try {
      await retryOutboxMessage(message.id);
      toast.success(`Email to ${message.recipient} queued again.`);
    } catch (error) {
      toastFailure(error, 'Could not retry the email.', own);
    }
  };

  return (
    <section aria-labelledby="outbox-title" className="flex flex-col gap-4">
      <nav aria-label="Breadcrumb" className="text-sm text-slate-700">
        <ol className="flex flex-wrap gap-1">
          <li>
            <a href="/admin/settings" className="text-brand-700 underline">
              Settings
            </a>
            <span aria-hidden="true"> / </span>
          </li>
          <li>
            <a href="/admin/settings?tab=notifications" className="text-brand-700 underline">
              Notifications
            </a>
            <span aria-hidden="true"> / </span>
          </li>
          <li aria-current="page">Outbox</li>
        </ol>
      </nav>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 id="outbox-title" className="text-2xl font-bold text-slate-900">
            Outbox
          </h1>
          <p className="mt-1 text-sm text-slate-700">
            Every email the system sends: status updates, new shipments and customers, daily summaries and alert
            confirmations.
          </p>
        </div>
        <div className="flex items-end gap-2">
          <div>
            <label htmlFor="outbox-state" className="block text-sm font-medium text-slate-800">
              State
            </label>
            <select
              id="outbox-state"
              value={state}
              className={inputClass}
              onChange={(event) => {
                setTrail([]);
                go({ state: event.target.value, cursor: '' });
              }}
            >
              <option value="">All states</option>
              {OUTBOX_STATES.map((value) => (
                <option key={value} value={value}>
                  {OUTBOX_STATE_LABELS[value]}
                  {page.status === 'ready' ? ` (${page.data.meta.counts[value]})` : ''}
                </option>
              ))}
            </select>
          </div>
          <button type="button" className={secondaryButtonClass} onClick={() => void refreshOutbox()}>
            Refresh
          </button>
        </div>
      </div>

      {page.status === 'ready' && !page.data.meta.mail_server ? (
        <p className="rounded-md border border-purple-300 bg-purple-50 p-3 text-sm text-purple-900">
          No mail server is configured (SMTP_URL is not set), so emails are not sent: each one is kept here, exactly as
          it would have been sent.
        </p>
      ) : null}

      <ScrollingTable
        label="Emails"
        caption="Emails, newest first"
        busy={page.status === 'loading'}
        className="rounded-lg border border-slate-200 bg-white shadow-sm"
      >
        <ColumnHeads
          columns={['Created', 'To', 'Email', 'State', 'Attempts', 'Last error', { label: 'Actions', hidden: true }]}
        />
        <tbody className="divide-y divide-slate-200">
          {page.status === 'loading' ? (
            <tr>
              <td colSpan={7} className="px-4 py-8 text-center text-slate-700" role="status">
                Loading...
              </td>
            </tr>
          ) : page.status === 'error' ? (
            <tr>
              <td colSpan={7} className="px-4 py-8 text-center text-red-700" role="alert">
                {page.message}
              </td>
            </tr>
          ) : page.data.data.length === 0 ? (
            <tr>
              <td colSpan={7} className="px-4 py-8 text-center text-slate-700" role="status">
                No emails{state ? ' in this state' : ' yet'}.
              </td>
            </tr>
          ) : (
            page.data.data.map((message) => (
              <tr key={message.id} className="align-top">
                <td className="whitespace-nowrap px-4 py-3 text-slate-700">{formatDateTime(message.created_at)}</td>
                <td className="px-4 py-3">
                  <div className="break-all text-slate-900">{message.recipient}</div>
                  <div className="text-xs text-slate-700">{message.audience === 'staff' ? 'Staff' : 'Customer'}</div>
                </td>
                <td className="max-w-md px-4 py-3">
                  <div className="font-medium text-slate-900">
                    {message.subject ?? `${OUTBOX_KIND_LABELS[message.kind]} (not written yet)`}
                  </div>
                  <div className="text-xs text-slate-700">
                    {OUTBOX_KIND_LABELS[message.kind]}
                    {message.tracking_number ? ` · ${message.tracking_number}` : ''}
                  </div>
                  {message.text_body ? (
                    <details className="mt-2">
                      <summary className="cursor-pointer text-sm font-semibold text-brand-700">
                        Read the email<span className="sr-only"> to {message.recipient}</span>
                      </summary>
                      <pre className="mt-2 whitespace-pre-wrap break-words rounded bg-slate-50 p-3 font-sans text-xs text-slate-900">
                        {message.text_body}
                      </pre>
                    </details>
                  ) : null}
                </td>
                <td className="px-4 py-3">
                  <StateBadge state={message.state} />
                  <div className="mt-1 text-xs text-slate-700">{timing(message)}</div>
                </td>
                <td className="px-4 py-3 text-slate-900">{message.attempts}</td>
                <td className="max-w-xs px-4 py-3 text-red-800">{message.last_error ?? '—'}</td>
                <td className="px-4 py-3">
                  {message.state === 'failed' ? (
                    <button
                      type="button"
                      className="rounded px-2 py-1 font-semibold text-brand-700 hover:underline"
                      onClick={() => void retry(message)}
                    >
                      Retry<span className="sr-only"> the email to {message.recipient}</span>
                    </button>
                  ) : null}
                </td>
              </tr>
            ))
          )}
        </tbody>
      </ScrollingTable>

      <div className="flex justify-end gap-2">
        <button
          type="button"
          className={secondaryButtonClass}
          disabled={!cursor || page.status === 'loading'}
          onClick={() => {
            // A page reached from a link has no trail: Newer then shows the newest.
            go({ state, cursor: trail.at(-1) ?? '' });
            setTrail(trail.slice(0, -1));
          }}
        >
          Newer
        </button>
        <button
          type="button"
          className={secondaryButtonClass}
          disabled={page.status !== 'ready' || page.data.meta.next_cursor === null}
          onClick={() => {
            if (page.status === 'ready' && page.data.meta.next_cursor !== null) {
              setTrail([...trail, cursor]);
              go({ state, cursor: String(page.data.meta.next_cursor) });
            }
          }}
        >
          Older
        </button>
      </div>
    </section>
  );
}
