import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { Layout } from './components/Layout';
import { $router } from './router';
import { $session, checkSession } from './stores/session';

// Toasts only follow a person's actions on a screen, so the toaster need not delay the first paint.
const Toaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })));

// One chunk per screen: a visit loads only the screens it opens.
const DashboardScreen = lazy(() => import('./screens/DashboardScreen'));
const ShipmentsScreen = lazy(() => import('./screens/ShipmentsScreen'));
const NewShipmentScreen = lazy(() => import('./screens/NewShipmentScreen'));
const ViewShipmentScreen = lazy(() => import('./screens/ViewShipmentScreen'));
const CustomersScreen = lazy(() => import('./screens/CustomersScreen'));
const CustomerScreen = lazy(() => import('./screens/CustomerScreen'));
const QuotesScreen = lazy(() => import('./screens/QuotesScreen'));
const SettingsScreen = lazy(() => import('./screens/SettingsScreen'));
const NotFoundScreen = lazy(() => import('./screens/NotFoundScreen'));
const OutboxScreen = lazy(() => import('./screens/OutboxScreen'));
const WaybillScreen = lazy(() => import('./screens/WaybillScreen'));

function Screen() {
  const page = useStore($router);
  switch (page?.route) {
    case 'dashboard':
      return <DashboardScreen />;
    case 'shipments':
      return <ShipmentsScreen />;
    case 'newShipment':
      return <NewShipmentScreen />;
    case 'viewShipment':
      return <ViewShipmentScreen key={page.params.trackingNumber} trackingNumber={page.params.trackingNumber} />;
    case 'customers':
      return <CustomersScreen />;
    case 'customer':
      return <CustomerScreen key={page.params.id} id={page.params.id} />;
    case 'quotes':
      return <QuotesScreen />;
    case 'settings':
      return <SettingsScreen />;
    case 'outbox':
      return <OutboxScreen />;
    default:
      return <NotFoundScreen />;
  }
}

export function Loading({ label = 'Loading...' }: { label?: string }) {
  return (
    <p role="status" className="text-slate-700">
      {label}
    </p>
  );
}

/** The admin app: nothing of it is requested before the server confirms a session. */
export default function App() {
  const session = useStore($session);
  const page = useStore($router);
  const firstRoute = useRef(true);

  useEffect(() => {
    void checkSession();
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each route change, which is what the path stands for
  useEffect(() => {
    if (firstRoute.current) {
      firstRoute.current = false;
      return;
    }
    // After in-app navigation, start reading and tabbing from the new screen.
    document.getElementById('admin-main')?.focus();
    window.scrollTo(0, 0);
  }, [page?.path]);

  return (
    <>
      <Suspense fallback={null}>
        <Toaster position="top-right" richColors closeButton visibleToasts={3} duration={5000} />
      </Suspense>
      {session.status === 'signed-in' && page?.route === 'waybills' ? (
        // The print page has no admin frame: it is what the paper shows.
        <Suspense fallback={<Loading />}>
          <WaybillScreen />
        </Suspense>
      ) : session.status === 'signed-in' ? (
        <Layout>
          <Suspense fallback={<Loading />}>
            <Screen />
          </Suspense>
        </Layout>
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
