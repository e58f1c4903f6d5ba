import { Link, createFileRoute } from '@tanstack/react-router';
import { ReceiptScreen } from '../../features/tasks/receipt/receipt-screen';

export const Route = createFileRoute('/client/tasks/$taskId_/receipt')({
  preload: false,
  component: ReceiptRoute,
});

/** A task's printable receipt, an address of its own (it can be opened again, shared with a printer). */
function ReceiptRoute() {
  const { taskId } = Route.useParams();
  return (
    <ReceiptScreen
      taskId={taskId}
      backLink={
        <Link to="/client/tasks/$taskId" params={{ taskId }} className="receipt-back">
          Back to the task
        </Link>
      }
    />
  );
}
