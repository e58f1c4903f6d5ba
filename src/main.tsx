import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, createRouter } from '@tanstack/react-router';
import { ToastContainer, toast } from 'react-toastify';
import { captureInstallPrompt } from './lib/install-prompt';
import { registerServiceWorker } from './lib/sw-bridge';
import { routeTree } from './routeTree.gen';
import { AppNotices } from './ui/app-notices';
import { UpdateAvailable } from './ui/update-available';
import './styles/app.css';

// Before anything else: the browser may offer installing at any time after load.
captureInstallPrompt();

const router = createRouter({ routeTree, defaultPreload: 'intent', scrollRestoration: true });

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <AppNotices />
    <RouterProvider router={router} />
    <ToastContainer position="top-center" newestOnTop />
  </StrictMode>,
);

registerServiceWorker({
  onOfflineReady: () => toast.success('Ready to work offline'),
  onUpdateReady: (reload) => toast.info(<UpdateAvailable onReload={reload} />, { autoClose: false, closeOnClick: false, toastId: 'update-available' }),
});
