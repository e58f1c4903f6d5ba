import { Outlet, createRootRoute } from '@tanstack/react-router';
import { ErrorPage } from '../ui/error-page';
import { NotFoundPage } from '../ui/not-found-page';

export const Route = createRootRoute({
  component: Outlet,
  notFoundComponent: NotFoundPage,
  errorComponent: ErrorPage,
});
