import { useEffect, useRef } from 'react';
import type { Task } from '../../lib/contract';

/**
 * A stand-in for the Task Details modal (a later issue replaces it in the home route): the
 * task's reference in a native modal dialog, which traps focus and closes on Escape.
 */
export function TaskPreviewDialog({ task, onClose }: { task: Task; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal?.();
    return () => element?.close?.();
  }, []);

  return (
    <dialog ref={dialog} className="task-preview" aria-labelledby="task-preview-title" onClose={onClose} onCancel={onClose}>
      <h2 id="task-preview-title">Task Details</h2>
      <p>{task.serviceName}</p>
      <p>#{task.reference}</p>
      <button type="button" className="button" onClick={onClose}>
        Close
      </button>
    </dialog>
  );
}
