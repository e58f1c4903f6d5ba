/**
 * The signed-out screens as HTML, for the build's prerender step (scripts/prerender.ts loads
 * this through Vite's `ssrLoadModule`): the app's own route tree on an in-memory history,
 * loaded, then rendered to a string by React. Not part of the app's bundle.
 */
import { renderToString } from 'react-dom/server';
import { RouterProvider, createMemoryHistory, createRouter } from '@tanstack/react-router';
import { routeTree } from '../src/routeTree.gen';

export async function renderScreen(path: string): Promise<string> {
  const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: [path] }) });
  await router.load();
  return renderToString(<RouterProvider router={router} />);
}
