/**
 * The driver's sign-in screen as HTML, for the build's prerender step (scripts/prerender.ts
 * loads this through Vite's `ssrLoadModule`): the driver app's own routes on an in-memory
 * history at /driver/login, loaded, then rendered to a string by React. Not part of the app's bundle.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryHistory } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import { makeDriverRouter } from '../src/driver-app/router';

export const DRIVER_LOGIN_PATH = '/driver/login';

export async function renderDriverLogin(): Promise<string> {
  const router = makeDriverRouter(createMemoryHistory({ initialEntries: [DRIVER_LOGIN_PATH] }));
  await router.load();
  return renderToString(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router as never} />
    </QueryClientProvider>,
  );
}
