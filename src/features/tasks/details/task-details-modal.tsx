import { windowText } from '../../../shared/pickup-windows';
import { taskPaidNaira, taskQuantityText } from '../../../shared/collected';
import { quantityRule, quantityText } from '../../../shared/quantity';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { Task } from '../../../shared/contract';
import { normalizeLocation, type LatLng, type RouteMode } from '../../../shared/driver-location';
import { haversineMeters } from '../../../shared/geo';
import { formatPhone } from '../../../shared/validation/phone';
import { formatDate, formatNaira, formatTime } from '../../../lib/format';
import { taskServiceName } from '../../../shared/service-names';
import { CANCEL_REASONS, PAYMENT_REVERSED_NO_REFUND, canCancelTask, refundText } from '../../../shared/task-progress';
import { normalizeTaskStatus, taskStatusLabel, taskStatusTone } from '../../../shared/task-status';
import { Modal } from '../../../ui/modal';
import { ProgressLine } from '../../../ui/progress-line';
import { StatusBadge } from '../../../ui/status-badge';
import { NO_DRIVER_PHONE, driverName, telHref } from './call-driver';
import { CancelTask } from './cancel-task';
import { ExtraRequest } from './extra-request';
import { DriverCard } from './driver-card';
import { DriversBusy } from './drivers-busy';
import { GetHelp } from './get-help';
import { RateDriver, isRatingSkipped, skipRating } from './rate-driver';
import { ReportProblem } from './report-problem';
import { useDriverLocation } from './use-driver-location';
import './task-details.css';

interface TaskDetailsModalProps {
  task: Task;
  onClose: () => void;
  /** 'Open Chat': the owner closes this modal and opens the chat. */
  onOpenChat: () => void;
  /** The route map (from the maps feature), given both places (either may be unknown yet) and where the trip is. */
  renderMap: (driver: LatLng | null, task: LatLng | null, mode: RouteMode) => ReactNode;
  returnFocusTo?: HTMLElement | null;
  /** Tests pass their own reader of the driver location. */
  loadDriverLocation?: (driverId: string) => Promise<LatLng | null>;
  /** The server's response to a cancel or a rating: the owner puts it in the task list. */
  onTaskChanged?: (task: Task) => void;
  /** 'View receipt' of a completed or cancelled task (a link to the receipt page, from the route). */
  renderReceiptLink?: (taskId: string) => ReactNode;
  /** Shown first (the offline marker of a task read from the device). */
  notice?: ReactNode;
  /** 'Book again': the same service, place and quantity on the create screen (from the route). */
  onBookAgain?: (task: Task) => void;
  /** Back from the chat: focus returns to 'Open Chat'. */
  focusOpenChat?: boolean;
  /** Under the state (the notifications offer right after a booking): the state comes first. */
  offer?: ReactNode;
  /** The link to pay an extra the driver's weight asks for (absent: the client can only decline here). */
  renderExtraLink?: (taskId: string, label: string) => ReactNode;
}

/** Within this of the pin (metres), the driver has arrived, whatever the task's field says yet. */
const ARRIVED_WITHIN_METRES = 100;

/** The code's purpose, as the client reads it next to the code. */
export const CODE_PURPOSE = 'Give this code to your driver when they arrive, to confirm it is them';
/** '2 pickups' / '3 kg' of the task's quantity that the plan paid. */
function quantityCovered(task: Task): string {
  const covered = task.coveredQuantity ?? 0;
  return quantityRule(task.unit)
    ? quantityText(task.unit, covered)
    : `${covered} ${covered === 1 ? 'pickup' : 'pickups'}`;
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="task-details-row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/**
 * Task Details (docs/product.md, Screens), the task page's dialog: the progress line and any
 * refund, the route map with its badges, address, date and time, driver and phone, amount; who
 * is coming and the confirmation code; Call Driver and Open Chat while a driver is assigned; then
 * cancel (until the driver is on the way), the rating and receipt of a completed task, 'Report a
 * problem', 'Book again' and 'Get help'. The driver's location is refreshed every 30 s while it is open.
 */
export function TaskDetailsModal({
  task,
  onClose,
  onOpenChat,
  renderMap,
  returnFocusTo,
  loadDriverLocation,
  onTaskChanged = () => undefined,
  renderReceiptLink,
  notice,
  onBookAgain,
  focusOpenChat = false,
  offer,
  renderExtraLink,
}: TaskDetailsModalProps) {
  const openChatButton = useRef<HTMLButtonElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the page comes back from the chat.
  useEffect(() => {
    if (focusOpenChat) openChatButton.current?.focus();
  }, []);
  const driverLocation = useDriverLocation(task.driverId, loadDriverLocation);
  const taskLocation = normalizeLocation(task.location);
  const name = driverName(task.driver);
  const phone = task.driver?.phone?.trim() ?? '';
  const tel = telHref(phone);
  const time = formatTime(task.datetime);
  const status = normalizeTaskStatus(task.status);
  const isFinal = status === 'completed' || status === 'cancelled';
  const hasDriver = Boolean(task.driverId || task.driver);
  const cancelReason = CANCEL_REASONS.find((reason) => reason.value === task.cancelReason)?.label;
  const isNear =
    hasDriver &&
    !isFinal &&
    driverLocation !== null &&
    taskLocation !== null &&
    haversineMeters(driverLocation, taskLocation) <= ARRIVED_WITHIN_METRES;
  const isArrived = !isFinal && hasDriver && (Boolean(task.arrivedAt) || isNear);
  // A completed task's driver is asked for a rating once, first on the page; 'Skip' moves it down for good.
  const [isSkipped, setIsSkipped] = useState(() => isRatingSkipped(task._id));
  const asksRating = status === 'completed' && Boolean(task.driver) && !task.rating && !isSkipped;
  const rateDriver =
    status === 'completed' && task.driver ? (
      <RateDriver
        task={task}
        driverName={name || 'your driver'}
        onRated={onTaskChanged}
        onSkip={
          asksRating
            ? () => {
                skipRating(task._id);
                setIsSkipped(true);
              }
            : undefined
        }
      />
    ) : null;
  const mode: RouteMode = isFinal ? 'ended' : !hasDriver ? 'unassigned' : isArrived ? 'arrived' : 'live';

  return (
    <Modal
      title="Task Details"
      className="task-details"
      onClose={onClose}
      returnFocusTo={returnFocusTo}
      subtitle={
        <p className="task-details-subtitle">
          <span>{taskServiceName(task)}</span>
          <StatusBadge label={taskStatusLabel(task.status)} tone={taskStatusTone(task.status)} />
        </p>
      }
    >
      {notice}
      <ProgressLine task={task} isNear={isNear} />
      {offer}
      <ExtraRequest task={task} renderPayLink={renderExtraLink} onAnswered={onTaskChanged} />
      {asksRating ? rateDriver : null}
      {status === 'cancelled' ? (
        <p className="task-cancelled">Your task was cancelled{cancelReason ? ` (${cancelReason})` : ''}.</p>
      ) : null}
      {task.driversBusy ? <DriversBusy task={task} onChanged={onTaskChanged} /> : null}
      {task.refundAwaitingApproval ? (
        <p className="task-refund" role="status">
          Refund awaiting approval
        </p>
      ) : null}
      {task.refund ? (
        <p className={`task-refund task-refund-${task.refund.status}`} role="status">
          {refundText(task.refund)}
        </p>
      ) : status === 'cancelled' && task.paymentReversed ? (
        <p className="task-refund" role="status">
          {PAYMENT_REVERSED_NO_REFUND}
        </p>
      ) : null}
      {/* The first screen: where it is and who is coming, then the map. */}
      {task.driver && !isFinal ? <DriverCard driver={task.driver} phone={phone ? formatPhone(phone) : ''} /> : null}
      {hasDriver && !isFinal ? (
        <div className="task-details-actions">
          {tel ? (
            <a className="button task-details-call" href={tel}>
              <PhoneIcon />
              Call Driver
            </a>
          ) : (
            <button type="button" className="button task-details-call" onClick={() => window.alert(NO_DRIVER_PHONE)}>
              <PhoneIcon />
              Call Driver
            </button>
          )}
          <button
            ref={openChatButton}
            type="button"
            className="button task-details-secondary task-details-chat"
            onClick={onOpenChat}
          >
            <ChatIcon />
            Open Chat
          </button>
        </div>
      ) : null}
      <div className="task-details-map">{renderMap(isFinal ? null : driverLocation, taskLocation, mode)}</div>
      <dl className="task-details-list">
        <Detail label="Address">{task.address?.trim() || 'N/A'}</Detail>
        {task.addressDetails?.trim() ? (
          <Detail label="Address details">
            <span className="address-details-text">{task.addressDetails.trim()}</span>
          </Detail>
        ) : null}
        {task.scheduledFor ? <Detail label="Pickup time">{windowText(task.scheduledFor)}</Detail> : null}
        {task.quantity && quantityRule(task.unit) ? <Detail label="Quantity">{taskQuantityText(task)}</Detail> : null}
        <Detail label="Date">{formatDate(task.datetime) || 'N/A'}</Detail>
        <Detail label="Time">{time ? <time dateTime={task.datetime}>{time}</time> : 'N/A'}</Detail>
        <Detail label="Driver">{name || 'Driver not assigned'}</Detail>
        <Detail label="Phone">{phone ? formatPhone(phone) : 'Not available'}</Detail>
        <Detail label="Amount">{Number.isFinite(task.amount) ? formatNaira(taskPaidNaira(task)) : 'N/A'}</Detail>
      </dl>
      <details className="task-payment-details">
        <summary>Payment details</summary>
        <dl className="task-details-list">
          <Detail label="Reference">#{task.reference}</Detail>
          {task.coveredQuantity ? <Detail label="Covered by your plan">{quantityCovered(task)}</Detail> : null}
        </dl>
      </details>
      {task.confirmationCode && !isFinal ? (
        <div className="task-code">
          <p className="task-code-value">
            Confirmation code: <strong>{task.confirmationCode}</strong>
          </p>
          <p className="task-hint">{CODE_PURPOSE}</p>
        </div>
      ) : null}
      {canCancelTask(task.status) ? <CancelTask task={task} onCancelled={onTaskChanged} /> : null}
      {asksRating ? null : rateDriver}
      {isFinal && renderReceiptLink ? <p className="task-receipt-link">{renderReceiptLink(task._id)}</p> : null}
      {onBookAgain ? (
        <button type="button" className="button task-book-again" onClick={() => onBookAgain(task)}>
          Book again
        </button>
      ) : null}
      <ReportProblem taskId={task._id} />
      <GetHelp reference={task.reference} />
    </Modal>
  );
}

function PhoneIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.25 11.4 11.4 0 0 0 3.6.57 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.45.57 3.6a1 1 0 0 1-.25 1z"
      />
    </svg>
  );
}

function ChatIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path fill="currentColor" d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H8l-4 4V6a2 2 0 0 1 2-2z" />
    </svg>
  );
}
