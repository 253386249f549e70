import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect } from 'react';
import { Loading } from './components/Loading';
import { $session, checkSession } from './stores/session';

// The shell is only the session check, within 75 KB gzip with React (bench/admin-bundle.ts). The router, the
// frame and the screens' table are fetched at once, beside the check, and shown once signed in.
const signedInApp = import('./Screens');
const Screens = lazy(() => signedInApp);

// Toasts only follow a person's actions on a screen, so the toaster need not delay the first paint.
const Toaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })));

/** The admin app: nothing of it is requested before the server confirms a session. */
export default function App() {
  const session = useStore($session);

  useEffect(() => {
    void checkSession();
  }, []);

  return (
    <>
      <Suspense fallback={null}>
        <Toaster position="top-right" richColors closeButton visibleToasts={3} duration={5000} />
      </Suspense>
      {session.status === 'signed-in' ? (
        <Suspense fallback={<Loading />}>
          <Screens />
        </Suspense>
      ) : session.status === 'error' ? (
        <main className="mx-auto max-w-md p-8" role="alert">
          <p className="text-slate-800">{session.message}</p>
          <button
            type="button"
            className="mt-4 rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white"
            onClick={() => void checkSession()}
          >
            Try again
          </button>
        </main>
      ) : (
        <main className="p-8">
          <Loading label="Checking your session..." />
        </main>
      )}
    </>
  );
}
