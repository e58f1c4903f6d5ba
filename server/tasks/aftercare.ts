/** What happens after a task's change commits (a refund to start, a receipt to mail), and the services it needs. */
import type { ServerConfig } from '../config';
import type { Logger } from '../log';
import type { Mailer } from '../notifications/mailer';
import { createPaystackRefunder, createTestLedgerRefunder, type Refunder } from '../payments/refunder';

export interface AftercareServices {
  refunder: Refunder;
  mailer: Mailer;
  log: Logger;
}

export function createRefunder(config: Pick<ServerConfig, 'paystackSecretKey' | 'paystackApiUrl'>): Refunder {
  return config.paystackSecretKey
    ? createPaystackRefunder({ secretKey: config.paystackSecretKey, apiUrl: config.paystackApiUrl })
    : createTestLedgerRefunder();
}
