/**
 * The operators' console: a page of its own (ops/index.html, built by ops/vite.config.ts),
 * with code-based routes under /ops (docs/operations.md, "The console's page and screens").
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { retryQuery } from '../lib/query-retry';
import { RouterProvider } from '@tanstack/react-router';
import { makeConsoleRouter } from './router';
import { prefetchBoard } from './screens/board';
import { getOpsToken } from './session';
import '../styles/app.css';
import './console.css';

const queryClient = new QueryClient({
  defaultOptions: {
    // The app's one retry policy: a refused call (403, 404) is an answer; only a read whose network failed is tried again.
    queries: { retry: retryQuery, refetchOnWindowFocus: true },
  },
});

// Signed in and opening on the board: its reads start now, beside the operator's own.
if (getOpsToken() && /^\/ops(\/|\/console\/?|\/console\/board\/?)?$/.test(location.pathname))
  prefetchBoard(queryClient);

const root = document.getElementById('root');
if (!root) throw new Error('ops/index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={makeConsoleRouter(queryClient)} />
    </QueryClientProvider>
  </StrictMode>,
);
