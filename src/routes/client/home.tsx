import { createFileRoute } from '@tanstack/react-router';
import { HomeScreen } from '../../features/dashboard/home-screen';

export const Route = createFileRoute('/client/home')({ component: HomeScreen });
