import {
  Outlet,
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
} from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { ToastContainer } from 'react-toastify';
import { ForgotScreen } from '../../../src/features/auth/forgot-screen';
import { LoginScreen } from '../../../src/features/auth/login-screen';
import { SignupScreen } from '../../../src/features/auth/signup-screen';
import { SignedInShell } from '../../../src/features/shell/signed-in-shell';

/** The account screens and a bare signed-in area in a memory router, with the toast container. */
export function renderApp(path: string) {
  const root = createRootRoute({ component: Outlet });
  const client = createRoute({
    getParentRoute: () => root,
    path: '/client',
    component: () => (
      <SignedInShell>
        <Outlet />
      </SignedInShell>
    ),
  });
  const routes = [
    createRoute({ getParentRoute: () => root, path: '/', component: LoginScreen }),
    createRoute({ getParentRoute: () => root, path: '/login', component: LoginScreen }),
    createRoute({
      getParentRoute: () => root,
      path: '/signup',
      component: () => <SignupScreen referralCode="REF12345" />,
    }),
    createRoute({ getParentRoute: () => root, path: '/forgot', component: ForgotScreen }),
    client.addChildren([createRoute({ getParentRoute: () => client, path: '/home', component: () => <h1>Home</h1> })]),
  ];
  const router = createRouter({
    routeTree: root.addChildren(routes),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  render(
    <>
      <RouterProvider router={router} />
      <ToastContainer />
    </>,
  );
  return router;
}

/** Answers API calls from a table of path -> [status, body]; records what was sent. */
export function fakeApi(answers: Record<string, [number, unknown]>) {
  const sent: { path: string; body: unknown; authorization: string | null }[] = [];
  const fetch = async (request: Request) => {
    const path = new URL(request.url).pathname;
    const text = await request.text();
    sent.push({ path, body: text ? JSON.parse(text) : null, authorization: request.headers.get('Authorization') });
    const answer = answers[path];
    if (!answer) return Response.json({ message: 'Not found' }, { status: 404 });
    return Response.json(answer[1], { status: answer[0] });
  };
  return { fetch, sent };
}
