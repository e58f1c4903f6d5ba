import type { ReadState } from '../../lib/use-read';
import { LoadFailed } from '../../ui/load-failed';

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
  return <LoadFailed className="profile-load-error" message={state.message} />;
}
