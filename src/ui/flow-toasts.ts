/**
 * The toasts of one flow (a form and its calls): a success dismisses the errors the flow
 * showed, and a new error replaces its older ones (docs/product.md, 'Messages'). They go
 * through `notify`, so a screen does not wait for react-toastify before its first paint.
 */
import type { Id, ToastContent, ToastOptions } from 'react-toastify';
import { notify } from './toast-host';

export interface FlowToasts {
  error(content: ToastContent, options?: ToastOptions): Id;
  info(content: ToastContent, options?: ToastOptions): Id;
  /** Counts a toast shown another way (a loading toast turned into an error) as the flow's error. */
  track(id: Id): void;
  /** Dismisses the errors shown so far (a success, or the flow starting again). */
  dismissErrors(): void;
  success(content: ToastContent, options?: ToastOptions): Id;
}

let lastId = 0;
const newId = (): Id => {
  lastId += 1;
  return `flow-${lastId}`;
};

type Kind = 'error' | 'info' | 'success';

export function createFlowToasts(): FlowToasts {
  const shown = new Set<Id>();
  const dismiss = (id: Id) => notify((toast) => toast.dismiss(id));
  const dismissErrors = () => {
    for (const id of shown) dismiss(id);
    shown.clear();
  };
  /** The flow's newest problem replaces its older ones. */
  const keep = (id: Id) => {
    for (const older of shown) if (older !== id) dismiss(older);
    shown.clear();
    shown.add(id);
    return id;
  };
  const show = (kind: Kind, content: ToastContent, options?: ToastOptions): Id => {
    const toastId = options?.toastId ?? newId();
    notify((toast) => toast[kind](content, { ...options, toastId }));
    return toastId;
  };
  return {
    error: (content, options) => keep(show('error', content, options)),
    // Notices of a failed attempt ('Payment window was closed') are stale after a success too.
    info: (content, options) => keep(show('info', content, options)),
    track: (id) => void keep(id),
    dismissErrors,
    success: (content, options) => {
      dismissErrors();
      return show('success', content, options);
    },
  };
}
