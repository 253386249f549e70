import { useStore } from '@nanostores/react';
import { useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { formatDateTime } from '@/lib/date-display';
import type { SessionInfo } from '@/lib/schemas/account';
import { secondaryButtonClass } from '../../../components/Field';
import { $sessions, endAllOtherSessions, endOneSession, refreshSessions } from '../../../stores/account';
import { failureMessage } from '../../../stores/load';

function SessionItem({
  session,
  busy,
  onEnd,
}: {
  session: SessionInfo;
  busy: boolean;
  onEnd: (session: SessionInfo) => void;
}) {
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 py-3">
      <div className="min-w-0 text-sm">
        <p className="font-semibold text-slate-900">
          {session.browser}
          {session.current ? (
            <span className="ml-2 inline-flex rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-900 ring-1 ring-inset ring-brand-700">
              This session
            </span>
          ) : null}
        </p>
        <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-slate-700">
          <dt>Address</dt>
          <dd className="break-all font-mono">{session.address}</dd>
          <dt>Created</dt>
          <dd>{formatDateTime(session.created_at)}</dd>
          <dt>Last seen</dt>
          <dd>{formatDateTime(session.last_seen_at)}</dd>
        </dl>
      </div>
      {session.current ? null : (
        <button
          type="button"
          aria-disabled={busy || undefined}
          className={`${secondaryButtonClass} aria-disabled:opacity-60`}
          onClick={() => onEnd(session)}
        >
          End
          <span className="sr-only">
            {' '}
            session: {session.browser}, {session.address}
          </span>
        </button>
      )}
    </li>
  );
}

/** The user's live sessions, most recently used first; any but this one can be ended. */
export function SessionsSection() {
  const sessions = useStore($sessions);
  const [busy, setBusy] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const headingId = useId();

  /**
   * Runs one ending at a time (the buttons say so with aria-disabled, keeping focus where it is); the
   * ended session's button leaves the page, so focus goes to the section's heading.
   */
  const run = async (key: string, action: () => Promise<string>) => {
    if (busy) return;
    setBusy(key);
    try {
      toast.success(await action());
      heading.current?.focus();
    } catch (error) {
      const message = failureMessage(error, 'Could not end the session.');
      if (message) toast.error(message);
    } finally {
      setBusy(null);
    }
  };

  const endOne = (session: SessionInfo) =>
    void run(session.id, async () => {
      await endOneSession(session.id);
      return `Session ended: ${session.browser}, ${session.address}.`;
    });

  const endOthers = () =>
    void run('others', async () => {
      const ended = await endAllOtherSessions();
      return `Other sessions ended (${ended}).`;
    });

  const others = sessions.status === 'ready' ? sessions.data.filter((session) => !session.current).length : 0;
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 ref={heading} id={headingId} tabIndex={-1} className="text-lg font-semibold text-slate-900 outline-none">
          Active Sessions
        </h2>
        {others > 0 ? (
          <button
            type="button"
            aria-disabled={busy !== null || undefined}
            className={`${secondaryButtonClass} aria-disabled:opacity-60`}
            onClick={endOthers}
          >
            End all other sessions
          </button>
        ) : null}
      </div>
      <p className="mt-1 text-sm text-slate-700">
        Where you are signed in. Ending a session signs that browser out on its next step. At most 10 stay live: a new
        sign-in ends the oldest.
      </p>
      <div className="mt-3">
        {sessions.status === 'loading' ? (
          <p role="status" className="text-sm text-slate-700">
            Loading...
          </p>
        ) : sessions.status === 'error' ? (
          <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-red-700">
            {sessions.message}
            <button type="button" className={secondaryButtonClass} onClick={() => void refreshSessions()}>
              Try again
            </button>
          </div>
        ) : (
          <ul aria-labelledby={headingId} className="divide-y divide-slate-200">
            {sessions.data.map((session) => (
              <SessionItem key={session.id} session={session} busy={busy !== null} onEnd={endOne} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
