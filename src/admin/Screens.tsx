import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { mayOpen, useRole } from './access';
import { onWrite } from './api/client';
import { Layout } from './components/Layout';
import { Loading } from './components/Loading';
import { $router } from './router';
import { $session, refreshSession } from './stores/session';

// One chunk per screen: a visit loads only the screens it opens.
const DashboardScreen = lazy(() => import('./screens/DashboardScreen'));
const ShipmentsScreen = lazy(() => import('./screens/ShipmentsScreen'));
const ImportScreen = lazy(() => import('./screens/imports/ImportScreen'));
const NewShipmentScreen = lazy(() => import('./screens/NewShipmentScreen'));
const ViewShipmentScreen = lazy(() => import('./screens/ViewShipmentScreen'));
const CustomersScreen = lazy(() => import('./screens/CustomersScreen'));
const CustomerScreen = lazy(() => import('./screens/CustomerScreen'));
const QuotesScreen = lazy(() => import('./screens/QuotesScreen'));
const SettingsScreen = lazy(() => import('./screens/SettingsScreen'));
const NotFoundScreen = lazy(() => import('./screens/NotFoundScreen'));
const NotAllowedScreen = lazy(() => import('./screens/NotAllowedScreen'));
const OutboxScreen = lazy(() => import('./screens/OutboxScreen'));
const WaybillScreen = lazy(() => import('./screens/WaybillScreen'));
const ProofPrintScreen = lazy(() => import('./screens/proof/ProofPrintScreen'));
const AuditScreen = lazy(() => import('./screens/audit/AuditScreen'));
const TeamScreen = lazy(() => import('./screens/team/TeamScreen'));
const RunsScreen = lazy(() => import('./screens/runs/RunsScreen'));
const RunSheetScreen = lazy(() => import('./screens/runs/RunSheetScreen'));
const PickupsScreen = lazy(() => import('./screens/pickups/PickupsScreen'));
const ExceptionsScreen = lazy(() => import('./screens/exceptions/ExceptionsScreen'));
const TwoFactorRequiredScreen = lazy(() => import('./screens/TwoFactorRequiredScreen'));

/** The print pages: no admin frame, they are what the paper shows. */
const PRINTED = {
  waybills: <WaybillScreen />,
  runSheet: <RunSheetScreen />,
  proofPrint: <ProofPrintScreen />,
};

// Turning on two-factor sign-in is a write: a session that needed it is asked about again, screen kept.
onWrite(() => {
  const session = $session.get();
  if (session.status === 'signed-in' && session.user.two_factor_required) void refreshSession();
});

function Screen() {
  const page = useStore($router);
  const role = useRole();
  const session = useStore($session);
  // Until they turn on two-factor sign-in, a member of a role that must use it has Settings > Security only.
  const setUpFirst = session.status === 'signed-in' && session.user.two_factor_required;
  if (setUpFirst && page?.route !== 'settings') return <TwoFactorRequiredScreen />;
  if (page && !mayOpen(role, page.route)) return <NotAllowedScreen />;
  switch (page?.route) {
    case 'dashboard':
      return <DashboardScreen />;
    case 'shipments':
      return <ShipmentsScreen />;
    case 'imports':
      return <ImportScreen />;
    case 'newShipment':
      return <NewShipmentScreen />;
    case 'viewShipment':
      return <ViewShipmentScreen key={page.params.trackingNumber} />;
    case 'customers':
      return <CustomersScreen />;
    case 'customer':
      return <CustomerScreen key={page.params.id} />;
    case 'quotes':
      return <QuotesScreen />;
    case 'settings':
      return <SettingsScreen />;
    case 'outbox':
      return <OutboxScreen />;
    case 'audit':
      return <AuditScreen />;
    case 'team':
      return <TeamScreen />;
    case 'runs':
      return <RunsScreen />;
    case 'exceptions':
      return <ExceptionsScreen />;
    case 'pickups':
      return <PickupsScreen />;
    default:
      return <NotFoundScreen />;
  }
}

/**
 * The signed-in app: the router, the admin frame (sidebar, header) and the screen of the route. App
 * starts fetching this module as it starts, beside the session check, and shows it once signed in.
 */
export default function Screens() {
  const page = useStore($router);
  const role = useRole();
  const firstRoute = useRef(true);

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

  const printed = page && page.route in PRINTED ? (page.route as keyof typeof PRINTED) : null;
  return printed && mayOpen(role, printed) ? (
    <Suspense fallback={<Loading />}>{PRINTED[printed]}</Suspense>
  ) : (
    <Layout>
      <Suspense fallback={<Loading />}>
        <Screen />
      </Suspense>
    </Layout>
  );
}
