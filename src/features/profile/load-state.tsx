import type { ReadState } from '../../lib/use-read';

/**
 * A profile screen's read while it is not loaded: its loading text, or the message with 'Try
 * Again' (which reloads the page). Nothing on a 401: the session has ended and the app is on
 * its way to the login screen.
 */
export function LoadState({ state, loadingText }: { state: ReadState<unknown>; loadingText: string }) {
  if (state.status === 'loading') {
    return (
      <p className="muted" role="status">
        {loadingText}
      </p>
    );
  }
  if (state.status !== 'error' || state.reason === 'unauthorized') return null;
  return (
    <div className="profile-load-error" role="alert">
      <p>{state.message}</p>
      <button type="button" className="button" onClick={() => window.location.reload()}>
        Try Again
      </button>
    </div>
  );
}
