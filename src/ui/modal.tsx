import { useEffect, useId, useRef, type ReactNode } from 'react';
import './modal.css';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), textarea:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

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

  useEffect(() => {
    const element = dialog.current;
    returnTarget.current = returnFocusTo ?? (document.activeElement instanceof HTMLElement ? document.activeElement : null);
    if (element && !element.open) element.showModal?.();
    return () => {
      element?.close?.();
      const target = returnTarget.current;
      if (target?.isConnected) target.focus();
    };
    // Opened once per mount; the return target is read at that moment.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const keepFocusInside = (event: React.KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab' || !dialog.current) return;
    const focusable = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => element.offsetParent !== null || element === document.activeElement);
    if (focusable.length === 0) return;
    const first = focusable[0]!;
    const last = focusable[focusable.length - 1]!;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

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
