import { createFileRoute } from '@tanstack/react-router';
import { PointsScreen } from '../../features/points/points-screen';

export const Route = createFileRoute('/client/points')({
  preload: false,
  loader: ({ context }) => context.queries.points(),
  component: PointsScreen,
});
