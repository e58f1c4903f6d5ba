/**
 * The toasts (react-toastify), kept off the first screen: the library loads when a screen
 * first asks for a toast through `notify`, or once the app shows any screen but the login
 * screen (`requestToastHost`). Toasts asked for before the container shows are queued by
 * react-toastify and appear when it mounts.
 */
import { Suspense, lazy, startTransition, useEffect, useState } from 'react';

type Toast = typeof import('react-toastify').toast;
type Id = import('react-toastify').Id;
type UpdateOptions = import('react-toastify').UpdateOptions;

const ToastContainer = lazy(() => import('./toast-container'));

let isRequested = false;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function requestToastHost(): void {
  if (isRequested) return;
  isRequested = true;
  for (const listener of listeners) listener();
}

/** Shows a toast, loading react-toastify first when it is not there yet. */
export function notify(show: (toast: Toast) => void): void {
  requestToastHost();
  void import('react-toastify').then(({ toast }) => show(toast));
}

/**
 * Turns a toast (a 'loading' one) into its outcome. react-toastify drops an update of a toast
 * still queued for a container that has not mounted yet, so such a toast is replaced instead.
 */
export function settleToast(toast: Toast, id: Id, { render, ...options }: UpdateOptions): Id {
  if (toast.isActive(id)) {
    toast.update(id, { render, ...options });
    return id;
  }
  toast.dismiss(id);
  const { isLoading: _isLoading, toastId: _toastId, ...shown } = options;
  return toast(render as Parameters<Toast>[0], shown as Parameters<Toast>[1]);
}

/**
 * Mounts the container once asked, in a transition: a background render in slices, not one
 * synchronous update in the middle of a screen's first seconds (an external store read with
 * `useSyncExternalStore` would force that).
 */
export function ToastHost() {
  const [isShown, setShown] = useState(isRequested);
  useEffect(() => {
    const show = () => startTransition(() => setShown(true));
    if (isRequested) show();
    return subscribe(show);
  }, []);
  if (!isShown) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer />
    </Suspense>
  );
}
