import { failureReason, failureText, type FailureTexts } from '../../lib/api/query-failure';
import { LoadFailed } from '../../ui/load-failed';

/**
 * A profile screen's query while there is nothing to show: its loading text, or the message
 * with 'Try Again' (which reloads the page). Nothing on a 401: the session has ended and the
 * app is on its way to the login screen.
 */
export function LoadState({
  query,
  loadingText,
  texts,
}: {
  query: { data: unknown; error: unknown };
  loadingText: string;
  texts: FailureTexts;
}) {
  if (query.data !== undefined) return null;
  if (!query.error) {
    return (
      <p className="muted" role="status">
        {loadingText}
      </p>
    );
  }
  if (failureReason(query.error) === 'unauthorized') return null;
  return <LoadFailed className="profile-load-error" message={failureText(query.error, texts)} />;
}
