import { useEffect, useId, useRef, type ReactNode } from 'react';
import { wrapTabFocus } from '../lib/focus-trap';
import './modal.css';

interface ModalProps {
  title: string;
  /** Shown under the title (e.g. the task's service and reference). */
  subtitle?: ReactNode;
  onClose: () => void;
  /** Where focus goes when the modal closes; by default, what had focus when it opened. */
  returnFocusTo?: HTMLElement | null;
  className?: string;
  children: ReactNode;
}

/**
 * A modal dialog (native `<dialog>` opened with showModal, so the page behind is inert): a
 * title, a close button, focus kept inside (Tab wraps), Escape closes, and focus goes back
 * where it was when the modal closes.
 */
export function Modal({ title, subtitle, onClose, returnFocusTo, className, children }: ModalProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const latestOnClose = useRef(onClose);
  latestOnClose.current = onClose;
  const returnTarget = useRef<HTMLElement | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: opened once per mount; the return target is read at that moment.
  useEffect(() => {
    const element = dialog.current;
    returnTarget.current =
      returnFocusTo ?? (document.activeElement instanceof HTMLElement ? document.activeElement : null);
    if (element && !element.open) element.showModal?.();
    return () => {
      element?.close?.();
      const target = returnTarget.current;
      if (target?.isConnected) target.focus();
    };
  }, []);

  const keepFocusInside = (event: React.KeyboardEvent<HTMLDialogElement>) => wrapTabFocus(event, dialog.current);

  return (
    <dialog
      ref={dialog}
      className={`modal${className ? ` ${className}` : ''}`}
      aria-labelledby={titleId}
      onKeyDown={keepFocusInside}
      onCancel={(event) => {
        // Escape: the owner unmounts the modal (and focus returns).
        event.preventDefault();
        latestOnClose.current();
      }}
    >
      <header className="modal-header">
        <div className="modal-heading">
          <h2 id={titleId} className="modal-title">
            {title}
          </h2>
          {subtitle ? <div className="modal-subtitle">{subtitle}</div> : null}
        </div>
        <button type="button" className="modal-close" aria-label="Close" onClick={() => latestOnClose.current()}>
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
          </svg>
        </button>
      </header>
      <div className="modal-body">{children}</div>
    </dialog>
  );
}
