/**
 * The driver's screens (docs/driver.md): code-based TanStack Router routes under /driver, a
 * signed-in layout that keeps the driver's availability, offers, live location and queued
 * actions going on every screen.
 */
import { onlineManager, useQueryClient } from '@tanstack/react-query';
import {
  Outlet,
  type RouterHistory,
  createRootRoute,
  createRoute,
  createRouter,
  redirect,
} from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { driverKeys, setAvailability } from '../lib/api/driver';
import { getDriverToken } from '../lib/driver-token';
import { useOnline } from '../lib/use-online';
import { actionsNow, flushActions, queueAction, useActions } from './actions';
import { rememberAvailable, useAvailable } from './availability';
import { ChatScreen } from './chat';
import { Link } from './link';
import { useLiveLocation } from './location';
import { OfferOverlay } from './offer';
import { useOfferPushes } from './push';
import { SettingsScreen } from './settings-screen';
import { useOffers, useTasks } from './queries';
import { LoginScreen, PasswordScreen } from './sign-in';
import { signOut } from './sign-out';
import { signOutLoses } from '../shared/driver-rules';
import { TaskScreen } from './task';
import { EarningsScreen } from './history';
import { PayoutsScreen } from './payouts';
import { TasksScreen } from './tasks';

const rootRoute = createRootRoute({ component: Outlet });

const loginRoute = createRoute({ getParentRoute: () => rootRoute, path: '/login', component: LoginScreen });

const requireToken = () => {
  if (!getDriverToken()) throw redirect({ to: '/login' } as never);
};

const signedIn = createRoute({
  getParentRoute: () => rootRoute,
  id: 'signed-in',
  beforeLoad: requireToken,
  component: SignedInLayout,
});

const passwordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/password',
  beforeLoad: requireToken,
  component: PasswordScreen,
});
const tasksRoute = createRoute({ getParentRoute: () => signedIn, path: '/', component: TasksScreen });
const offerRoute = createRoute({ getParentRoute: () => signedIn, path: '/offer', component: NoOffer });
const earningsRoute = createRoute({ getParentRoute: () => signedIn, path: '/earnings', component: EarningsScreen });
const payoutsRoute = createRoute({ getParentRoute: () => signedIn, path: '/payouts', component: PayoutsScreen });
const settingsRoute = createRoute({ getParentRoute: () => signedIn, path: '/settings', component: SettingsScreen });
const taskRoute = createRoute({
  getParentRoute: () => signedIn,
  path: '/tasks/$taskId',
  component: function Task() {
    const { taskId } = taskRoute.useParams();
    return <TaskScreen key={taskId} taskId={taskId} />;
  },
});
const chatRoute = createRoute({
  getParentRoute: () => signedIn,
  path: '/tasks/$taskId/chat',
  component: function Chat() {
    const { taskId } = chatRoute.useParams();
    return <ChatScreen key={taskId} taskId={taskId} />;
  },
});

const routeTree = rootRoute.addChildren([
  loginRoute,
  passwordRoute,
  signedIn.addChildren([tasksRoute, offerRoute, earningsRoute, payoutsRoute, settingsRoute, taskRoute, chatRoute]),
]);

/** The app's router; `history` is the build's prerender's in-memory one (scripts/prerender-driver.tsx). */
export function makeDriverRouter(history?: RouterHistory) {
  return createRouter({ routeTree, basepath: '/driver', scrollRestoration: true, ...(history ? { history } : {}) });
}

function NoOffer() {
  return (
    <main className="driver-main">
      <h1>Offers</h1>
      <p className="driver-empty">No offer right now. While you are online, a new offer opens here at once.</p>
    </main>
  );
}

/** Every signed-in screen: the bar, the offer over it, location and the queue at work. */
function SignedInLayout() {
  const queryClient = useQueryClient();
  const available = useAvailable();
  const network = useOnline();
  const tasks = useTasks();
  const actions = useActions();
  const onTheWay =
    (tasks.data?.data.some((task) => task.status === 'on-going') ?? false) ||
    actions.some((action) => action.kind === 'start' && action.refusal === undefined);
  // On the way, dispatch offers the driver nothing: no offers read (a push still says if one comes).
  const offers = useOffers(available && network && !onTheWay);
  useLiveLocation(available, onTheWay);
  useOfferPushes();

  // Queued actions go when the network returns, and are tried again every 15 s while any waits.
  const waiting = actions.some((action) => action.refusal === undefined);
  useEffect(() => {
    const flush = () => void flushActions(queryClient);
    const stopWatchingNetwork = onlineManager.subscribe((isOnline) => {
      if (isOnline) flush();
    });
    const timer = waiting ? setInterval(flush, 15_000) : undefined;
    return () => {
      stopWatchingNetwork();
      clearInterval(timer);
    };
  }, [queryClient, waiting]);

  return (
    <div className="driver-app">
      <header className="driver-bar">
        <span className="driver-brand">GreenPick Driver</span>
        <AvailabilityToggle available={available} />
      </header>
      {network ? null : (
        <p className="driver-offline" role="status">
          You are offline. What you do is kept and sent when the network is back.
        </p>
      )}
      <Outlet />
      <nav className="driver-nav" aria-label="Driver">
        <Link to="/" className="driver-nav-link">
          Tasks
        </Link>
        <Link to="/earnings" className="driver-nav-link">
          Earnings
        </Link>
        <Link to="/payouts" className="driver-nav-link">
          Payouts
        </Link>
        <Link to="/settings" className="driver-nav-link">
          Settings
        </Link>
        <SignOut />
      </nav>
      {available && offers.data ? <OfferOverlay offers={offers.data} /> : null}
    </div>
  );
}

/**
 * The Online / Offline switch: the device takes the new state at once and the change goes
 * through the queue (./actions.ts), so one made offline waits and is sent when the network
 * returns, in order with the steps.
 */
function AvailabilityToggle({ available }: { available: boolean }) {
  const queryClient = useQueryClient();
  const network = useOnline();
  const switches = useActions().filter((action) => action.kind === 'availability');
  const waiting = switches.some((action) => action.refusal === undefined);
  const refused = switches.find((action) => action.refusal !== undefined);

  // The server is told again when the app opens online (it may have been changed elsewhere).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at opening; changes go through the queue.
  useEffect(() => {
    if (available) void setAvailability(true).catch(() => undefined);
  }, []);

  const toggle = () => {
    rememberAvailable(!available);
    void queueAction(queryClient, { kind: 'availability', taskId: '', online: !available });
  };
  return (
    <div className="driver-availability">
      <span className="driver-availability-state" data-testid="availability-state">
        {available ? 'Online' : 'Offline'}
      </span>
      {/* The button says what it does, not the state: pressed by mistake, 'Go offline' was read as the state. */}
      <button type="button" className={available ? 'driver-toggle' : 'driver-toggle driver-toggle-go'} onClick={toggle}>
        {available ? 'Go offline' : 'Go online'}
      </button>
      {waiting ? (
        <span role="status" className="driver-availability-note" data-testid="availability-waiting">
          {network ? 'Telling the server…' : 'Sent when the network is back'}
        </span>
      ) : refused ? (
        <span role="alert" className="driver-error">
          Not changed: {refused.refusal}
        </span>
      ) : null}
    </div>
  );
}

/**
 * 'Sign out'; with steps still waiting for the network, the driver is told they would be lost
 * and asked first. The queue is read again at the tap: a step tapped just before counts too.
 */
function SignOut() {
  const queryClient = useQueryClient();
  const loses = signOutLoses(useActions());
  const [asking, setAsking] = useState(false);
  const leave = () => void signOut(queryClient);
  const ask = async () => {
    const waiting = await actionsNow();
    queryClient.setQueryData(driverKeys.actions(), waiting);
    if (signOutLoses(waiting)) setAsking(true);
    else leave();
  };
  if (!asking || !loses)
    return (
      <button type="button" className="driver-nav-link" onClick={() => void ask()}>
        Sign out
      </button>
    );
  return (
    <fieldset className="driver-sign-out-confirm" aria-labelledby="driver-sign-out-question">
      <p id="driver-sign-out-question">{loses}</p>
      <button type="button" className="driver-nav-link" onClick={leave}>
        Sign out anyway
      </button>
      <button type="button" className="driver-nav-link" onClick={() => setAsking(false)}>
        Stay signed in
      </button>
    </fieldset>
  );
}
