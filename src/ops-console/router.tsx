/** The console's routes (code-based, under /ops) and its frame: sign-in, forced password change, the nav of the operator's role. */
import { type ReactNode, Suspense, lazy, useEffect } from 'react';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { Outlet, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { Logo } from '../ui/logo';
import { type Me, meQuery, opsKeys } from './api';
import { ConsoleLink } from './link';
import { type Screen, mayUse, navItems } from './rules';
import { setOpsToken, useOpsToken } from './session';
import { BoardScreen } from './screens/board';
import { LoginScreen } from './screens/login';
import { PasswordScreen } from './screens/password';

// The board loads with the console; every other screen when first opened (the board is usable sooner).
const AuditScreen = lazy(() => import('./screens/audit').then((module) => ({ default: module.AuditScreen })));
const ClientScreen = lazy(() => import('./screens/clients').then((module) => ({ default: module.ClientScreen })));
const ClientsScreen = lazy(() => import('./screens/clients').then((module) => ({ default: module.ClientsScreen })));
const DriversScreen = lazy(() => import('./screens/drivers').then((module) => ({ default: module.DriversScreen })));
const OperatorsScreen = lazy(() =>
  import('./screens/operators').then((module) => ({ default: module.OperatorsScreen })),
);
const PaymentsScreen = lazy(() => import('./screens/payments').then((module) => ({ default: module.PaymentsScreen })));
const RefundsScreen = lazy(() => import('./screens/refunds').then((module) => ({ default: module.RefundsScreen })));
const ReportsScreen = lazy(() => import('./screens/reports').then((module) => ({ default: module.ReportsScreen })));
const PayoutsScreen = lazy(() => import('./screens/payouts').then((module) => ({ default: module.PayoutsScreen })));
const PlansScreen = lazy(() => import('./screens/plans').then((module) => ({ default: module.PlansScreen })));
const ServicesScreen = lazy(() => import('./screens/services').then((module) => ({ default: module.ServicesScreen })));
const SupportScreen = lazy(() => import('./screens/support').then((module) => ({ default: module.SupportScreen })));
const TaskScreen = lazy(() => import('./screens/task').then((module) => ({ default: module.TaskScreen })));

function Frame() {
  const token = useOpsToken();
  const queryClient = useQueryClient();
  // A new session starts with nothing of the last one's answers.
  useEffect(() => {
    if (!token) queryClient.removeQueries({ queryKey: opsKeys.all });
  }, [token, queryClient]);
  if (!token) return <LoginScreen />;
  return <SignedIn token={token} />;
}

function SignedIn({ token }: { token: string }) {
  const me = useQuery(meQuery(token));
  if (me.isPending) return <p className="ops-loading">Loading…</p>;
  if (me.isError) {
    return (
      <main className="ops-centered">
        <p role="alert">The console could not load your account.</p>
        <button type="button" className="button" onClick={() => void me.refetch()}>
          Try again
        </button>
      </main>
    );
  }
  if (me.data.mustChangePassword) return <PasswordScreen forced />;
  return (
    <div className="ops-shell">
      <header className="ops-header">
        <Logo className="ops-logo" />
        <nav aria-label="Console">
          <ul className="ops-nav">
            {navItems(me.data.role).map((item) => (
              <li key={item.screen}>
                <ConsoleLink to={`/console/${item.screen}`}>{item.label}</ConsoleLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ops-account">
          <span className="muted" title={me.data.email}>
            {me.data.email} · {me.data.role}
          </span>
          <ConsoleLink to="/console/password">Password</ConsoleLink>
          <button type="button" className="button button-small button-secondary" onClick={() => setOpsToken(null)}>
            Sign out
          </button>
        </div>
      </header>
      <Suspense fallback={<p className="ops-loading">Loading…</p>}>
        <Outlet />
      </Suspense>
    </div>
  );
}

/** A screen the operator's role may not use says so rather than failing call by call. */
function Allowed({ screen, me, children }: { screen: Screen; me: Me; children: ReactNode }) {
  if (mayUse(me.role, screen)) return <>{children}</>;
  return (
    <main className="ops-main">
      <p role="alert">Your role does not allow this.</p>
    </main>
  );
}

/** The signed-in operator (the frame renders screens only once it is known). */
function useMe(): Me {
  const token = useOpsToken() ?? '';
  const me = useQuery(meQuery(token));
  if (!me.data) throw new Error('the console renders screens only once the operator is known');
  return me.data;
}

const guarded = (screen: Screen, render: (me: Me) => ReactNode) =>
  function GuardedScreen() {
    const me = useMe();
    return (
      <Allowed screen={screen} me={me}>
        {render(me)}
      </Allowed>
    );
  };

const rootRoute = createRootRoute({ component: Frame });
const at = (path: string, component: () => ReactNode) =>
  createRoute({ getParentRoute: () => rootRoute, path, component });

const taskRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/console/tasks/$taskId',
  component: function TaskPage() {
    const { taskId } = taskRoute.useParams();
    const me = useMe();
    return (
      <Allowed screen="board" me={me}>
        <TaskScreen taskId={taskId} me={me} />
      </Allowed>
    );
  },
});
const clientRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/console/clients/$clientId',
  component: function ClientPage() {
    const { clientId } = clientRoute.useParams();
    const me = useMe();
    return (
      <Allowed screen="clients" me={me}>
        <ClientScreen clientId={clientId} />
      </Allowed>
    );
  },
});

const board = guarded('board', (me) => <BoardScreen me={me} />);
const routeTree = rootRoute.addChildren([
  at('/', board),
  at('/console', board),
  at('/console/login', board),
  at('/console/board', board),
  taskRoute,
  at(
    '/console/support',
    guarded('support', () => <SupportScreen />),
  ),
  at(
    '/console/payments',
    guarded('payments', () => <PaymentsScreen />),
  ),
  at(
    '/console/refunds',
    guarded('refunds', (me) => <RefundsScreen me={me} />),
  ),
  at(
    '/console/reports',
    guarded('reports', () => <ReportsScreen />),
  ),
  at(
    '/console/payouts',
    guarded('payouts', () => <PayoutsScreen />),
  ),
  at(
    '/console/services',
    guarded('services', () => <ServicesScreen />),
  ),
  at(
    '/console/plans',
    guarded('plans', () => <PlansScreen />),
  ),
  at(
    '/console/drivers',
    guarded('drivers', () => <DriversScreen />),
  ),
  at(
    '/console/clients',
    guarded('clients', () => <ClientsScreen />),
  ),
  clientRoute,
  at(
    '/console/operators',
    guarded('operators', () => <OperatorsScreen />),
  ),
  at(
    '/console/audit',
    guarded('audit', () => <AuditScreen />),
  ),
  at('/console/password', () => <PasswordScreen forced={false} />),
]);

export function makeConsoleRouter(queryClient: QueryClient) {
  return createRouter({ routeTree, basepath: '/ops', context: { queryClient }, defaultNotFoundComponent: NotFound });
}

function NotFound() {
  return (
    <main className="ops-main">
      <h1>Not found</h1>
      <p>
        <ConsoleLink to="/console/board">Back to the board</ConsoleLink>
      </p>
    </main>
  );
}
