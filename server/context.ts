/** What every route handler can reach: the services of one running server. */
import type { ServiceArea } from '../src/shared/service-area';
import type { ServerConfig } from './config';
import type { Db } from './db/connection';
import type { PollCache } from './db/poll-cache';
import type { RateLimiter, RateLimits } from './http/rate-limit';
import type { Session, TokenService } from './accounts/tokens';
import type { Mailer } from './notifications/mailer';
import type { PaymentVerifier } from './payments/verifier';
import type { Refunder } from './payments/refunder';
import type { Transfers } from './payouts/transfers';
import type { Logger } from './log';
import type { PushDispatcher } from './notifications/dispatcher';
import type { CodeSender } from './notifications/sms';

export interface AppDeps {
  config: ServerConfig;
  db: Db;
  /** What the polls read from memory (server/db/poll-cache.ts). */
  polls: PollCache;
  tokens: TokenService;
  payments: PaymentVerifier;
  /** Refunds of cancelled paid tasks (same provider as `payments`). */
  refunder: Refunder;
  /** Drivers' payouts: Paystack Transfers, or the test ledger (same provider as `payments`). */
  transfers: Transfers;
  mailer: Mailer;
  limiter: RateLimiter;
  limits: RateLimits;
  /** The operator API's token (header X-Ops-Token), see server/console/ops-token.ts. */
  opsToken: string;
  /** Sends the notifications outbox (server/notifications/dispatcher.ts). */
  push: PushDispatcher;
  /** The VAPID public key the app subscribes with (server/notifications/keys.ts). */
  vapidPublicKey: string;
  /** SMS_API_URL and SMS_API_KEY are set. */
  smsAvailable: boolean;
  /**
   * Where sign-in codes go (server/accounts/phone-codes.ts): Termii, or outside production without
   * it the log (as the dev mailbox); undefined in production without SMS.
   */
  codeSender: CodeSender | undefined;
  now: () => Date;
  /** Where we serve: a create outside is refused. */
  serviceArea: ServiceArea;
  /** The root logger; modules log through a child naming them (server/log.ts). */
  log: Logger;
}

/** What a request carries: the services, and what its first reader noted for the later ones. */
export interface RequestVariables {
  deps: AppDeps;
  /** The Authorization header's bearer token, read once (server/http/auth.ts); null when none. */
  bearerToken?: string | null;
  /** That token's session, verified once (server/http/auth.ts). */
  verifiedToken?: { token: string; session: Session | null };
  /** The signed-in user, for the access line (server/http/request-log.ts). */
  userId?: string;
  /** Set by Hono's request-id middleware (server/http/request-log.ts). */
  requestId?: string;
}

export type AppEnv = { Variables: RequestVariables };
