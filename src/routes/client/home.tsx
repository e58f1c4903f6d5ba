import { createFileRoute } from '@tanstack/react-router';
import { HomePage } from './-home-page';

export const Route = createFileRoute('/client/home')({
  // The dashboard's reads start while the screen's code downloads, not once it has rendered.
  loader: () => void import('../../features/dashboard/dashboard-reads').then((reads) => reads.prefetchDashboard()),
  component: HomePage,
});
