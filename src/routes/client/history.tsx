import { createFileRoute } from '@tanstack/react-router';
import { HistoryScreen } from '../../features/tasks/history/history-screen';

export const Route = createFileRoute('/client/history')({ component: HistoryScreen });
