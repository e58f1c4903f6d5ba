// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import {
  Outlet,
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
} from '@tanstack/react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorPage } from '../../src/ui/error-page';

afterEach(cleanup);

describe('the error view', () => {
  it('a screen that throws shows "Something went wrong" with Try Again, which renders it again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    const root = createRootRoute({ component: Outlet, errorComponent: ErrorPage });
    const screenRoute = createRoute({
      getParentRoute: () => root,
      path: '/',
      component: () => {
        if (fail) throw new Error('broken screen');
        return <h1>Recovered</h1>;
      },
    });
    const router = createRouter({
      routeTree: root.addChildren([screenRoute]),
      history: createMemoryHistory({ initialEntries: ['/'] }),
    });
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'Recovered' })).toBeTruthy();
  });
});
