/**
 * The driver's app (docs/driver.md): its own entry (driver/index.html), build
 * (vite.driver.config.ts), worker (sw/driver/sw.ts) and manifest, with the client app's look
 * (src/styles, src/ui). Reads run whatever the network says (networkMode 'always'): offline,
 * each read answers from the device.
 */
import { QueryCache, QueryClient, QueryClientProvider, onlineManager } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { onDriverTokenChange, getDriverToken } from '../lib/driver-token';
import { feedOnlineManager, onBrowserOnlineChange } from '../lib/online';
import { handOverPrerendered } from '../lib/prerender-handoff';
import { readCallFailure } from '../shared/call-failure';
import { driverKeys } from '../lib/api/driver';
import { showKeptAtOnce } from './kept';
import { makeDriverRouter } from './router';
import { sendPendingSignOut } from './sign-out';
import { MUST_CHANGE } from './sign-in';
import '../styles/app.css';
import './driver.css';

const router = makeDriverRouter();

// onlineManager is the one source of online state here too, fed by src/lib/online.ts.
onlineManager.setEventListener(feedOnlineManager);

const queryClient = new QueryClient({
  // Not retried (the app's one policy, src/lib/query-retry.ts, is not used here): a read whose
  // network failed answers from the device at once (keptRead), and the screens poll.
  defaultOptions: { queries: { networkMode: 'always', retry: false, staleTime: 2_000 } },
  queryCache: new QueryCache({
    onError: async (error) => {
      const failure = await readCallFailure(error);
      if (failure.kind === 'http' && failure.status === 403 && failure.message === MUST_CHANGE)
        void router.navigate({ to: '/password' } as never);
    },
  }),
});

// Signed out (a 401, or the driver's own sign-out): back to the sign-in screen.
onDriverTokenChange(() => {
  if (!getDriverToken()) {
    queryClient.clear();
    void router.navigate({ to: '/login', replace: true } as never);
  }
});

// A sign-out made without network reaches the server when the network returns (./sign-out.ts).
void sendPendingSignOut();
onBrowserOnlineChange((isOnline) => {
  if (isOnline) void sendPendingSignOut();
});

if ('serviceWorker' in navigator && import.meta.env.PROD) {
  window.addEventListener('load', () => {
    void navigator.serviceWorker.register('/driver/sw.js', { scope: '/driver/' }).catch(() => undefined);
  });
}

// A signed-in driver's tasks show at once from the phone (the current one among them), then the network's.
if (getDriverToken()) void showKeptAtOnce(queryClient, driverKeys.tasks(), 'driver/tasks');

const root = document.getElementById('root');
if (!root) throw new Error('driver/index.html has no #root element');
// The sign-in screen came prerendered (scripts/prerender.ts): what was typed before is carried over.
handOverPrerendered(root);
createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router as never} />
    </QueryClientProvider>
  </StrictMode>,
);
