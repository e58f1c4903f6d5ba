/**
 * What a screen adds to a mutation hook: its own words after the change (a toast, a form
 * closed, an error shown). The hook keeps the cache right itself (which queries it updates or
 * refreshes), so a screen cannot forget one.
 */
export interface MutationCallbacks<T, V = unknown> {
  onSuccess?: (result: T) => void;
  /** With what was sent, for a screen whose next step depends on it. */
  onError?: (error: Error, sent: V) => void;
}
