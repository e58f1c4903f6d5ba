import { useId, useRef, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';

/** How far (px) a drag of the handle must go to open or close the sheet; less is a tap. */
const DRAG_PX = 24;

interface SummarySheetProps {
  isExpanded: boolean;
  onExpandedChange: (isExpanded: boolean) => void;
  /** The collapsed line: the service and what the client pays. */
  serviceName: string;
  amount: string;
  /** The facts and choices, hidden on a phone while collapsed (always shown from 768 px). */
  children: ReactNode;
  /** 'Proceed to Payment' and its reason: on screen collapsed or not. */
  footer: ReactNode;
  header: ReactNode;
}

/**
 * The Task Summary as a phone's bottom sheet: one line (service, amount, 'Proceed to Payment')
 * while the client searches, pins or types details, opened by a tap, a drag up of its handle or
 * the keyboard (Enter, Space, Arrow Up; Arrow Down or Escape close it). From 768 px the handle
 * is hidden and the summary is a plain panel beside the map (create-task.css).
 */
export function SummarySheet({
  isExpanded,
  onExpandedChange,
  serviceName,
  amount,
  children,
  footer,
  header,
}: SummarySheetProps) {
  const bodyId = useId();
  const drag = useRef<{ y: number; moved: boolean } | null>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  const onPointerDown = (event: PointerEvent<HTMLButtonElement>) => {
    drag.current = { y: event.clientY, moved: false };
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLButtonElement>) => {
    const start = drag.current;
    if (!start || start.moved) return;
    const dy = event.clientY - start.y;
    if (dy <= -DRAG_PX || dy >= DRAG_PX) {
      start.moved = true;
      onExpandedChange(dy < 0);
    }
  };
  const onClick = () => {
    // A drag already decided; the click that ends it is not a tap.
    const wasDrag = drag.current?.moved ?? false;
    drag.current = null;
    if (!wasDrag) onExpandedChange(!isExpanded);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowUp' && !isExpanded) onExpandedChange(true);
    else if (event.key === 'ArrowDown' && isExpanded) onExpandedChange(false);
    else return;
    event.preventDefault();
  };
  const onSheetKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape' || !isExpanded) return;
    onExpandedChange(false);
    toggle.current?.focus();
  };

  return (
    <section
      className={`create-task-panel create-task-summary${isExpanded ? ' is-expanded' : ' is-collapsed'}`}
      aria-labelledby="task-summary-title"
      onKeyDown={onSheetKeyDown}
    >
      {header}
      <button
        ref={toggle}
        type="button"
        className="summary-sheet-toggle"
        aria-expanded={isExpanded}
        aria-controls={bodyId}
        aria-label={`${isExpanded ? 'Hide' : 'Show'} details: ${serviceName}, ${amount}`}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerCancel={() => {
          drag.current = null;
        }}
        onClick={onClick}
        onKeyDown={onKeyDown}
      >
        <span className="summary-sheet-handle" aria-hidden="true" />
        {/* Open, the facts below say the service and the amount: the handle row stays short. */}
        {isExpanded ? (
          <span className="summary-sheet-line summary-sheet-hide" aria-hidden="true">
            Hide details
          </span>
        ) : (
          <span className="summary-sheet-line">
            <span className="summary-sheet-service">{serviceName}</span>
            <span className="summary-sheet-amount" data-testid="sheet-amount">
              {amount}
            </span>
          </span>
        )}
        <span className="summary-sheet-chevron" aria-hidden="true" />
      </button>
      <div id={bodyId} className="summary-sheet-body">
        {children}
      </div>
      {footer}
    </section>
  );
}
