/**
 * The network's return as the page and the worker see it: 'online' can come a moment before
 * requests get through (the radio is still attaching), so what it starts is tried again a
 * little later rather than at the next hourly check or the next 'online'.
 */

/** How long after the first try each later one starts, one after another. */
export const NETWORK_RETURN_RETRY_DELAYS_MS: readonly number[] = [1000, 2000, 4000];

/** Runs `attempt` until it resolves true, again after each of the delays; resolves when done or out of tries. */
export async function retryAfterNetworkReturn(attempt: () => Promise<boolean>): Promise<void> {
  for (const delay of [0, ...NETWORK_RETURN_RETRY_DELAYS_MS]) {
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
    if (await attempt()) return;
  }
}
