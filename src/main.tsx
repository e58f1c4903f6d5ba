import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, createRouter } from '@tanstack/react-router';
import { focusHeadingOnNavigation } from './lib/focus-heading-on-navigation';
import { captureInstallPrompt } from './lib/install-prompt';
import { handOverPrerendered } from './lib/prerender-handoff';
import { onBrowserOnlineChange } from './lib/online';
import { startServiceWorker } from './lib/sw-start';
import { routeTree } from './routeTree.gen';
import { AppNotices } from './ui/app-notices';
import { ToastHost, notify, requestToastHost } from './ui/toast-host';
import { ErrorPage } from './ui/error-page';
import './styles/app.css';

// Before anything else: the browser may offer installing at any time after load.
captureInstallPrompt();

// One error view for every screen: the root route's (a route without its own uses the default).
const makeRouter = () =>
  createRouter({ routeTree, defaultPreload: 'intent', scrollRestoration: true, defaultErrorComponent: ErrorPage });
type AppRouter = ReturnType<typeof makeRouter>;

/** Work that must not compete with the first paint: when the browser is idle, within 2 s. */
function whenIdle(task: () => void): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(task, { timeout: 2000 });
  else setTimeout(task, 200);
}

// The login screen is the first screen of most visits: toasts load only when it asks for one;
// on any other screen they load once it has painted (toasts asked for before are queued).
const LOGIN_PATHS = new Set(['/', '/login']);
function loadToastsAfterFirstScreen(router: AppRouter): void {
  const stopWatching = router.subscribe('onResolved', ({ toLocation }) => {
    if (LOGIN_PATHS.has(toLocation.pathname)) return;
    whenIdle(requestToastHost);
    stopWatching();
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The first screen renders once the router has loaded it (its route's code; the loaders only
// start their reads), as one transition: React renders it in slices of a few milliseconds,
// yielding to the browser between them. Rendered before, the router would show an empty pending
// screen and then commit the whole screen as one synchronous update (a long task on a phone).
// The router does not load the same location again when it mounts. Evaluating the app's code,
// making the router (its route tree, history, scroll restoration) and loading the first screen
// are three tasks, not one: on a phone each is a few tens of milliseconds, together a long task.
// A prerendered signed-out screen (/, /login, /signup, /forgot) stays until the app's own is in
// #root, then hands over what the client typed, focused or submitted meanwhile.
handOverPrerendered(root);
const app = createRoot(root);
const renderApp = (router: AppRouter) =>
  startTransition(() =>
    app.render(
      <StrictMode>
        <AppNotices />
        <RouterProvider router={router} />
        <ToastHost />
      </StrictMode>,
    ),
  );
/**
 * Back or Forward pressed while the app boots (on a phone, over the prerendered booking page)
 * changes the history before the router listens to it (it does once rendered): without this,
 * the screen stayed on the entry left. Until the first screen is rendered, each change loads.
 */
function followHistoryWhileBooting(router: AppRouter): void {
  const stopFollowing = router.history.subscribe(() => void router.load().catch(console.error));
  const stopWaiting = router.subscribe('onRendered', () => {
    stopFollowing();
    stopWaiting();
  });
}
let appRouter: AppRouter | undefined;
setTimeout(() => {
  const router = makeRouter();
  appRouter = router;
  focusHeadingOnNavigation(router);
  loadToastsAfterFirstScreen(router);
  followHistoryWhileBooting(router);
  setTimeout(
    () =>
      void router
        .load()
        .catch(console.error)
        .finally(() => renderApp(router)),
  );
});

// Off the first screen's critical path: the worker starts after the page has loaded, and
// workbox-window and IndexedDB load only once a worker controls the page (src/lib/sw-start.ts).
// A success toast's 3 s, as after a booking or a profile update: it shows on the first visit, over
// the login screen, and asks for nothing.
const OFFLINE_READY_TOAST_MS = 3000;
const notifyOfflineReady = () =>
  notify((toast) => toast.success('Ready to work offline', { autoClose: OFFLINE_READY_TOAST_MS }));
// The first worker now controls the page: a signed-in screen's queries are read again, through
// it, so that their responses are cached; the other screens have no queries. Query's own
// invalidation rather than the router's, which loads the screen's route again and could meet a
// navigation the client starts at that moment (suspected where e2e/offline-live.spec.ts lost a
// click on 'View Task' right after the first worker took control).
const readScreenAgain = () => {
  if (appRouter?.state.matches.some((match) => match.routeId.startsWith('/client')))
    void import('./lib/query-client').then(({ queryClient }) => queryClient.invalidateQueries());
};
// When the network returns the bridge checks for an update and has the worker send the chat
// outbox; a return before it has loaded would otherwise go unnoticed.
let cameOnlineBeforeBridge = false;
const stopNotingOnline = onBrowserOnlineChange((isOnline) => {
  if (isOnline) cameOnlineBeforeBridge = true;
});
// In a task of its own, not in the one that reads the screen again.
const loadBridge = () =>
  whenIdle(
    () =>
      void import('./lib/sw-bridge').then(({ registerServiceWorker }) => {
        stopNotingOnline();
        registerServiceWorker({
          cameOnlineBeforeLoad: cameOnlineBeforeBridge,
          onOfflineReady: notifyOfflineReady,
          onFirstControl: readScreenAgain,
          // The toast's body loads with the update, not with every first screen.
          onUpdateReady: (reload) =>
            void import('./ui/update-available').then(({ UpdateAvailable }) =>
              notify((toast) =>
                toast.info(<UpdateAvailable onReload={reload} />, {
                  autoClose: false,
                  closeOnClick: false,
                  toastId: 'update-available',
                }),
              ),
            ),
        });
      }),
  );
const base = import.meta.env.BASE_URL;
const workers = import.meta.env.PROD && 'serviceWorker' in navigator ? navigator.serviceWorker : undefined;
const start = () =>
  startServiceWorker(
    { onOfflineReady: notifyOfflineReady, onFirstControl: readScreenAgain, loadBridge },
    workers,
    `${base}sw.js`,
    base,
  );
if (document.readyState === 'complete') whenIdle(start);
else window.addEventListener('load', () => whenIdle(start), { once: true });
