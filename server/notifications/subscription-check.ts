/** The rules a push subscription meets before it is stored, a client's or a driver's alike. */
import { badRequest } from '../http/errors';
import type { NewSubscription } from '../db/push';
import { isAllowedPushEndpoint } from './endpoints';
import { subscriptionKeysProblem } from './keys';

export const NOT_A_PUSH_SERVICE = 'endpoint is not a known push service';

/**
 * The rules every subscription meets (a client's, a driver's): a known push service (400
 * otherwise), and keys that can encrypt, since keys that cannot would fail every push to the device.
 */
export function checkSubscription(subscription: NewSubscription, allowedOrigins: readonly string[]): void {
  if (!isAllowedPushEndpoint(subscription.endpoint, allowedOrigins)) throw badRequest(NOT_A_PUSH_SERVICE);
  const keysProblem = subscriptionKeysProblem(subscription.keys);
  if (keysProblem) throw badRequest(keysProblem);
}
