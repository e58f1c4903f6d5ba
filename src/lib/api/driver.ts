/**
 * The driver's API (docs/driver.md), one function per endpoint, through the app's HTTP client
 * made with the driver's token (src/lib/driver-token.ts): a 401 to it signs the driver out.
 */
import type { ChatMessage, DataResponse } from '../../shared/contract';
import type {
  DriverBank,
  DriverBankAccount,
  DriverCompletion,
  DriverHistoryPage,
  DriverOffer,
  DriverPayouts,
  DriverTask,
  DriverTaskOutcome,
  DriverWeighing,
} from '../../shared/driver-contract';
import { config } from '../../shared/config';
import { createHttpClient } from '../http';
import { clearDriverToken, getDriverToken } from '../driver-token';

/** The driver's app's queries: the server's reads under `driverKeys.all`, and the queue of steps on the device. */
export const driverKeys = {
  all: ['driver'] as const,
  tasks: () => [...driverKeys.all, 'tasks'] as const,
  offers: () => [...driverKeys.all, 'offers'] as const,
  payouts: () => [...driverKeys.all, 'payouts'] as const,
  banks: () => [...driverKeys.all, 'banks'] as const,
  history: (before: string | null) => [...driverKeys.all, 'history', before] as const,
  messages: (taskId: string) => [...driverKeys.all, 'messages', taskId] as const,
  completed: (taskId: string) => [...driverKeys.all, 'completed', taskId] as const,
  outcome: (taskId: string) => [...driverKeys.all, 'outcome', taskId] as const,
  actions: () => [...driverKeys.all, 'actions'] as const,
};

export const driverHttp = createHttpClient({
  prefixUrl: config.apiUrl,
  getToken: getDriverToken,
  onUnauthorized: clearDriverToken,
});

const call = async <T>(path: string, json: object = {}): Promise<T> =>
  (await driverHttp.post(path, { json }).json<DataResponse<T>>()).data;

/** POST /driver/login: the token (with no token of the session's: a wrong password is not a sign-out). */
export function driverLogin(phone: string, password: string): Promise<string> {
  return call<string>('driver/login', { phone, password });
}

/** POST /driver/phone/start: a sign-in code by SMS (or a voice call) to the driver's registered phone. */
export function askDriverCode(phone: string, channel: 'sms' | 'voice' = 'sms'): Promise<{ resendInSeconds: number }> {
  return call<{ resendInSeconds: number }>('driver/phone/start', { phone, channel });
}

/** POST /driver/phone/verify: the token for the code the phone received. */
export function driverCodeLogin(phone: string, code: string): Promise<string> {
  return call<string>('driver/phone/verify', { phone, code });
}

/** POST /driver/password: a fresh token (older ones end). */
export function changeDriverPassword(currentPassword: string, newPassword: string): Promise<string> {
  return call<string>('driver/password', { currentPassword, newPassword });
}

/**
 * POST /driver/logout with `token` (the one being signed out, no longer the app's): the driver
 * goes offline and the session ends on the server.
 */
export function driverLogout(token: string): Promise<unknown> {
  return driverHttp.post('driver/logout', { json: {}, headers: { Authorization: `Bearer ${token}` } }).json();
}

export function setAvailability(online: boolean): Promise<{ online: boolean }> {
  return call('driver/availability', { online });
}

export function getOffers(): Promise<DriverOffer[]> {
  return call('driver/offers');
}

/**
 * POST /driver/offers/seen: the phone shows the offer, which lasts 30 s from now (45 s after it
 * was made at most); the answer's `serverNow` measures the phone's clock.
 */
export function offerSeen(taskId: string): Promise<{ taskId: string; expiresAt: string; serverNow: string }> {
  return call('driver/offers/seen', { taskId });
}

/** POST /driver/notifications: the key this phone subscribes with. */
export function getDriverPushKey(): Promise<{ vapidPublicKey: string; devices: number }> {
  return call('driver/notifications');
}

/** POST /driver/push/subscribe: this phone's subscription. */
export function saveDriverPushSubscription(subscription: PushSubscriptionJSON): Promise<unknown> {
  return call('driver/push/subscribe', subscription);
}

export function acceptOffer(taskId: string): Promise<{ taskId: string }> {
  return call('driver/offers/accept', { taskId });
}

export function declineOffer(taskId: string): Promise<{ taskId: string }> {
  return call('driver/offers/decline', { taskId });
}

export function getDriverTasks(): Promise<DriverTask[]> {
  return call('driver/tasks');
}

/** POST /driver/history: a page of completed and cancelled tasks (the first with the sums). */
export function getHistory(before: string | null): Promise<DriverHistoryPage> {
  return call('driver/history', before ? { before } : {});
}

/** POST /driver/payouts: the balance, the bank account, each payout and the weekly statement. */
export function getPayouts(): Promise<DriverPayouts> {
  return call('driver/payouts');
}

/** POST /driver/banks: Paystack's list of banks. */
export function getBanks(): Promise<DriverBank[]> {
  return call('driver/banks');
}

/** POST /driver/bank-account/resolve: the account's name at the bank, to confirm before saving. */
export function resolveBankAccount(bankCode: string, accountNumber: string): Promise<{ accountName: string }> {
  return call('driver/bank-account/resolve', { bankCode, accountNumber });
}

/** POST /driver/bank-account/save: resolved again by the server, a transfer recipient made, saved. */
export function saveBankAccount(bankCode: string, accountNumber: string): Promise<DriverBankAccount> {
  return call('driver/bank-account/save', { bankCode, accountNumber });
}

export function startTask(taskId: string): Promise<unknown> {
  return call('driver/tasks/start', { taskId });
}

export function markArrived(taskId: string): Promise<unknown> {
  return call('driver/tasks/arrived', { taskId });
}

export function weighTask(taskId: string, quantity: number): Promise<DriverWeighing> {
  return call('driver/tasks/weigh', { taskId, quantity });
}

export function getTaskOutcome(taskId: string): Promise<DriverTaskOutcome> {
  return call('driver/tasks/outcome', { taskId });
}

export function completeTask(taskId: string, code: string, quantity: number): Promise<DriverCompletion> {
  return call('driver/tasks/complete', { taskId, code, quantity });
}

/** The pickup photo as a data URL (docs/driver.md 'Photo proof'); `stored` false: it was there already. */
export function sendTaskPhoto(taskId: string, image: string): Promise<{ taskId: string; stored: boolean }> {
  return call('driver/tasks/photo', { taskId, image });
}

export function sendPositions(points: Array<{ lat: number; lng: number; accuracy: number; at: string }>): Promise<{
  received: number;
  added: number;
  /** Dated more than 10 minutes ago or 2 minutes ahead. */
  dropped: number;
  /** Not believed: too fast from the previous point, or outside Nigeria. */
  refused: number;
  reasons: { tooFast: number; outsideNigeria: number };
}> {
  return call('driver/positions', { points });
}

export function getDriverMessages(taskId: string): Promise<{ messages: ChatMessage[] }> {
  return call('driver/getMessages', { taskId });
}

export function sendDriverMessage(taskId: string, content: string, clientId: string): Promise<ChatMessage> {
  return call('driver/sendingMessages', { taskId, content, clientId });
}
