/**
 * The toasts of one flow (a form and its calls: sign-up, a recovery step, a profile save, a
 * booking): its success dismisses the errors it showed before, so a stale 'Invalid
 * verification code' does not linger beside 'Code verified successfully', and a new error
 * replaces the flow's older ones instead of stacking up under them.
 */
import { toast, type Id, type ToastContent, type ToastOptions } from 'react-toastify';

export interface FlowToasts {
  error(content: ToastContent, options?: ToastOptions): Id;
  info(content: ToastContent, options?: ToastOptions): Id;
  /** Counts a toast shown another way (a loading toast turned into an error) as the flow's error. */
  track(id: Id): void;
  /** Dismisses the errors shown so far (a success, or the flow starting again). */
  dismissErrors(): void;
  success(content: ToastContent, options?: ToastOptions): Id;
}

export function createFlowToasts(): FlowToasts {
  const shown = new Set<Id>();
  const dismissErrors = () => {
    for (const id of shown) toast.dismiss(id);
    shown.clear();
  };
  /** The flow's newest problem replaces its older ones. */
  const keep = (id: Id) => {
    for (const older of shown) if (older !== id) toast.dismiss(older);
    shown.clear();
    shown.add(id);
    return id;
  };
  return {
    error: (content, options) => keep(toast.error(content, options)),
    // Notices of a failed attempt ('Payment window was closed') are stale after a success too.
    info: (content, options) => keep(toast.info(content, options)),
    track: (id) => void keep(id),
    dismissErrors,
    success: (content, options) => {
      dismissErrors();
      return toast.success(content, options);
    },
  };
}
