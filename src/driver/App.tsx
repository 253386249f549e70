import { useStore } from '@nanostores/react';
import { type FormEvent, lazy, Suspense, useEffect, useState } from 'react';
import { formatDay } from '@/lib/date-display';
import { parseScanCode, pieceBarcode } from '@/lib/pieces';
import type { DriverAction } from '@/lib/schemas/driver';
import type { DeliveryReason } from '@/lib/shipment-status';
import { normalizeTrackingNumber } from '@/lib/tracking-number';
import { getSession, type Session } from './api';
import { FailedSheet } from './FailedSheet';
import { keepScreenOnPhone } from './offline-copy';
import { Pickups } from './Pickups';
import { $queue, $signInNeeded, enqueue, flush, loadQueue, onRecorded, type ProofInput } from './queue';
import { FIELD, PRIMARY, SECONDARY } from './Sheet';
import { StopCard } from './StopCard';
import { $stops, loadStops } from './stops';

// The signature pad and the scanner load only when used, so the page itself stays small.
const DeliveredSheet = lazy(() => import('./DeliveredSheet'));

const SIGN_IN = `/admin-login?${new URLSearchParams({ next: '/driver' })}`;
const ACTION_LABELS: Record<DriverAction | 'delivered', string> = {
  picked_up: 'Picked up',
  out_for_delivery: 'Out for delivery',
  failed_attempt: 'Failed attempt',
  piece_delivered: 'Piece delivered',
  delivered: 'Delivered',
};

type Open = { kind: 'failed' | 'delivered'; trackingNumber: string } | null;

/** The driver's phone screen: who is signed in decides what it shows. */
export default function App() {
  const [session, setSession] = useState<Session | 'checking' | 'offline'>('checking');

  useEffect(() => {
    keepScreenOnPhone();
    getSession().then(
      (answer) => {
        if (answer.kind === 'none') window.location.replace(SIGN_IN);
        else setSession(answer);
      },
      // No signal: the run as last loaded and the queue still work; the server decides once it answers.
      () => setSession('offline'),
    );
  }, []);

  if (session === 'checking' || (typeof session === 'object' && session.kind === 'none')) {
    return <p className="p-6">Checking your session...</p>;
  }
  if (typeof session === 'object' && session.kind === 'other') {
    return (
      <main className="mx-auto max-w-md p-6">
        <h1 className="text-xl font-bold">This screen is for drivers</h1>
        <p className="mt-2">Your account is not a driver's. The back office is where your work is.</p>
        <a href="/admin" className={`${PRIMARY} mt-4 inline-flex items-center`}>
          Go to the back office
        </a>
      </main>
    );
  }
  return <Run />;
}

function Run() {
  const stops = useStore($stops);
  const queue = useStore($queue);
  const signInNeeded = useStore($signInNeeded);
  const [online, setOnline] = useState(navigator.onLine);
  const [open, setOpen] = useState<Open>(null);
  const [search, setSearch] = useState('');
  const [found, setFound] = useState<{ number: string; piece: number | null } | null>(null);
  const [findMessage, setFindMessage] = useState('');

  useEffect(() => {
    onRecorded(() => void loadStops());
    void loadStops();
    void loadQueue().then(flush);
    const back = () => {
      setOnline(true);
      void flush();
      void loadStops();
    };
    const lost = () => setOnline(false);
    window.addEventListener('online', back);
    window.addEventListener('offline', lost);
    return () => {
      window.removeEventListener('online', back);
      window.removeEventListener('offline', lost);
    };
  }, []);

  // A piece's action names the piece by its barcode; the queue keeps it with its stop.
  const record = (
    trackingNumber: string,
    action: DriverAction,
    reason?: DeliveryReason,
    note?: string,
    piece?: number,
  ) => {
    const id = crypto.randomUUID();
    void enqueue({
      id,
      tracking_number: trackingNumber,
      label: piece ? `Piece ${piece} delivered` : ACTION_LABELS[action],
      kind: 'event',
      event: {
        event_id: id,
        tracking_number: piece ? pieceBarcode(trackingNumber, piece) : trackingNumber,
        action,
        ...(reason ? { reason } : {}),
        ...(note ? { note } : {}),
        recorded_at: new Date().toISOString(),
      },
    });
  };

  const deliver = (trackingNumber: string, proof: ProofInput) => {
    const id = crypto.randomUUID();
    void enqueue({ id, tracking_number: trackingNumber, label: ACTION_LABELS.delivered, kind: 'proof', proof });
    setOpen(null);
  };

  // A piece's barcode finds its stop and that piece, ready to hand over.
  const find = (value: string) => {
    const typed = normalizeTrackingNumber(value);
    const code = parseScanCode(typed);
    const number = code?.tracking_number ?? typed;
    const stop = stops.status === 'ready' ? stops.data.stops.find((item) => item.tracking_number === number) : null;
    const piece = stop && code?.piece && code.piece <= stop.pieces ? code.piece : null;
    setFound(stop ? { number, piece } : null);
    setFindMessage(
      stop
        ? `Stop ${stop.position}: ${number}${piece ? `, piece ${piece} of ${stop.pieces}` : ''}`
        : `${typed || 'That number'} is not on today's run.`,
    );
    if (!stop) return;
    const button = piece ? document.getElementById(`piece-${pieceBarcode(number, piece)}`) : null;
    (button ?? document.getElementById(`card-${number}`))?.focus();
  };

  const scan = async (photo: File | undefined) => {
    if (!photo) return;
    setFindMessage('Reading the code...');
    try {
      const { scanNumber } = await import('./scan');
      const number = await scanNumber(photo);
      if (!number) {
        setFindMessage('No tracking number found in that photo. Try again closer, or type the number.');
        return;
      }
      setSearch(number);
      find(number);
    } catch {
      setFindMessage('The code could not be read. Type the number instead.');
    }
  };

  const pending = queue.filter((entry) => entry.state === 'pending').length;

  return (
    <main className="mx-auto max-w-lg p-3 pb-24">
      <header className="mb-3">
        <h1 className="text-xl font-bold">Today's stops</h1>
        {stops.status === 'ready' && (
          <p>
            {formatDay(stops.data.date)}
            {' · '}
            {stops.data.stops.length} {stops.data.stops.length === 1 ? 'stop' : 'stops'}
          </p>
        )}
        <p aria-live="polite" className="mt-1 text-sm">
          {online ? 'Online' : 'Offline: actions are kept on this phone.'}
          {pending > 0 && <strong className="ml-2 text-amber-900">{pending} pending (will send when online)</strong>}
        </p>
        {signInNeeded && (
          <p role="alert" className="mt-2 rounded-lg bg-amber-50 p-3 text-amber-950">
            Your session has ended: nothing is lost, the actions wait on this phone.{' '}
            <a href={SIGN_IN} className="font-semibold underline">
              Sign in again
            </a>
          </p>
        )}
      </header>

      <search aria-label="Find a stop">
        <form
          className="mb-3 flex flex-wrap items-end gap-2"
          onSubmit={(event: FormEvent) => {
            event.preventDefault();
            find(search);
          }}
        >
          <label className="min-w-0 flex-1 font-medium">
            Tracking number
            <input
              className={FIELD}
              value={search}
              autoCapitalize="characters"
              autoComplete="off"
              onChange={(event) => setSearch(event.target.value)}
            />
          </label>
          <button type="submit" className={PRIMARY}>
            Find
          </button>
          <label
            className={`${SECONDARY} inline-flex cursor-pointer items-center focus-within:outline-3 focus-within:outline-brand-700`}
          >
            Scan
            <input
              type="file"
              accept="image/*"
              capture="environment"
              className="sr-only"
              onChange={(event) => void scan(event.target.files?.[0])}
            />
          </label>
        </form>
      </search>
      <p aria-live="polite" className="mb-3 min-h-6">
        {findMessage}
      </p>

      {stops.status === 'loading' && <p>Loading your stops...</p>}
      {stops.status === 'error' && (
        <div role="alert" className="rounded-lg bg-red-50 p-3 text-red-900">
          <p>{stops.message}</p>
          <button type="button" className={`${SECONDARY} mt-2`} onClick={() => void loadStops()}>
            Try again
          </button>
        </div>
      )}
      {stops.status === 'ready' && (
        <>
          {stops.notice && <p className="mb-2 rounded-lg bg-slate-100 p-2 text-sm">{stops.notice}</p>}
          {stops.data.stops.length === 0 ? (
            <p>No stops assigned to you today.</p>
          ) : (
            <ol className="space-y-3">
              {stops.data.stops.map((stop) => (
                <StopCard
                  key={stop.tracking_number}
                  stop={stop}
                  entries={queue.filter((entry) => entry.tracking_number === stop.tracking_number)}
                  highlighted={found?.number === stop.tracking_number}
                  foundPiece={found?.number === stop.tracking_number ? found.piece : null}
                  onAction={(action) => record(stop.tracking_number, action)}
                  onPieceDelivered={(piece) =>
                    record(stop.tracking_number, 'piece_delivered', undefined, undefined, piece)
                  }
                  onDelivered={() => setOpen({ kind: 'delivered', trackingNumber: stop.tracking_number })}
                  onFailed={() => setOpen({ kind: 'failed', trackingNumber: stop.tracking_number })}
                />
              ))}
            </ol>
          )}
        </>
      )}

      <Pickups />

      <p className="mt-6">
        <a href="/admin/settings" className="inline-flex min-h-11 items-center text-brand-700 underline">
          Your sign-in settings
        </a>
      </p>

      {open?.kind === 'failed' && (
        <FailedSheet
          trackingNumber={open.trackingNumber}
          onClose={() => setOpen(null)}
          onSave={(reason, note) => {
            record(open.trackingNumber, 'failed_attempt', reason, note);
            setOpen(null);
          }}
        />
      )}
      {open?.kind === 'delivered' && (
        <Suspense fallback={<p role="status">Opening...</p>}>
          <DeliveredSheet
            trackingNumber={open.trackingNumber}
            onClose={() => setOpen(null)}
            onSave={(proof) => deliver(open.trackingNumber, proof)}
          />
        </Suspense>
      )}
    </main>
  );
}
