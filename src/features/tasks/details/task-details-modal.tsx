import { windowText } from '../../../shared/pickup-windows';
import { quantityRule, quantityText } from '../../../shared/quantity';
import type { ReactNode } from 'react';
import type { Task } from '../../../shared/contract';
import { normalizeLocation, type LatLng } from '../../../shared/driver-location';
import { formatDate, formatNaira, formatTime } from '../../../lib/format';
import { taskServiceName } from '../../../shared/service-names';
import { taskStatusLabel, taskStatusTone } from '../../../shared/task-status';
import { Modal } from '../../../ui/modal';
import { StatusBadge } from '../../../ui/status-badge';
import { NO_DRIVER_PHONE, driverName, telHref } from './call-driver';
import { useDriverLocation } from './use-driver-location';
import './task-details.css';

interface TaskDetailsModalProps {
  task: Task;
  onClose: () => void;
  /** 'Open Chat': the owner closes this modal and opens the chat. */
  onOpenChat: () => void;
  /** The route map (from the maps feature), given both places; either may be unknown yet. */
  renderMap: (driver: LatLng | null, task: LatLng | null) => ReactNode;
  returnFocusTo?: HTMLElement | null;
  /** Tests pass their own reader of the driver location. */
  loadDriverLocation?: (driverId: string) => Promise<LatLng | null>;
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
 * The Task Details modal (docs/product.md, Screens): the route map with its badges, address, date and
 * time, driver and phone, amount, then Call Driver and Open Chat. The driver's location is
 * refreshed every 30 s while the modal is open.
 */
export function TaskDetailsModal({
  task,
  onClose,
  onOpenChat,
  renderMap,
  returnFocusTo,
  loadDriverLocation,
}: TaskDetailsModalProps) {
  const driverLocation = useDriverLocation(task.driverId, loadDriverLocation);
  const taskLocation = normalizeLocation(task.location);
  const name = driverName(task.driver);
  const phone = task.driver?.phone?.trim() ?? '';
  const tel = telHref(phone);
  const time = formatTime(task.datetime);

  return (
    <Modal
      title="Task Details"
      className="task-details"
      onClose={onClose}
      returnFocusTo={returnFocusTo}
      subtitle={
        <p className="task-details-subtitle">
          <span>
            {taskServiceName(task)} · #{task.reference}
          </span>
          <StatusBadge label={taskStatusLabel(task.status)} tone={taskStatusTone(task.status)} />
        </p>
      }
    >
      <div className="task-details-map">{renderMap(driverLocation, taskLocation)}</div>
      <dl className="task-details-list">
        <Detail label="Address">{task.address?.trim() || 'N/A'}</Detail>
        {task.addressDetails?.trim() ? (
          <Detail label="Address details">
            <span className="address-details-text">{task.addressDetails.trim()}</span>
          </Detail>
        ) : null}
        {task.scheduledFor ? <Detail label="Pickup time">{windowText(task.scheduledFor)}</Detail> : null}
        {task.quantity && quantityRule(task.unit) ? (
          <Detail label="Quantity">{quantityText(task.unit, task.quantity)}</Detail>
        ) : null}
        <Detail label="Date">{formatDate(task.datetime) || 'N/A'}</Detail>
        <Detail label="Time">{time ? <time dateTime={task.datetime}>{time}</time> : 'N/A'}</Detail>
        <Detail label="Driver">{name || 'Driver not assigned'}</Detail>
        <Detail label="Phone">{phone || 'Not available'}</Detail>
        <Detail label="Amount">{Number.isFinite(task.amount) ? formatNaira(task.amount) : 'N/A'}</Detail>
      </dl>
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
        <button type="button" className="button task-details-secondary task-details-chat" onClick={onOpenChat}>
          <ChatIcon />
          Open Chat
        </button>
      </div>
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
