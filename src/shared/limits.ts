/**
 * The longest text the server accepts in each field, in UTF-16 code units (what JavaScript's
 * `length` and an input's `maxLength` count). The request schemas (src/shared/schemas) check
 * these before any pattern runs, and the app's inputs use the same numbers as `maxLength`,
 * so a person can never type more than the server takes. No zod here: the app imports it.
 */
export const MAX_LENGTH = {
  /** RFC 5321's limit for a whole address. */
  email: 254,
  /** First and last names. */
  name: 100,
  bio: 500,
  /** A task's address (what the place search gives, or what the client typed). */
  address: 300,
  /** One chat message. */
  chat: 2000,
  /** Room for '+234 (0) 801 234 5678 ext. 12' and the like; the phone rule decides the rest. */
  phone: 40,
  /** Long enough for any passphrase or password manager, short enough to hash cheaply. */
  password: 1024,
  /** Ids (ours are UUIDs) and client-made ids (chat `clientId`). */
  id: 100,
  /** A signed-in token sent in a body (`userdata`). */
  token: 4096,
  /** A payment reference (Paystack's are shorter). */
  reference: 100,
  /** Service keys, units, service names and plan names: short labels. */
  label: 100,
  /** The referral code of `signup?ref=CODE` (ours are 8 characters). */
  referralCode: 64,
  /** The optional words beside a cancel reason. */
  cancelNote: 300,
  /** A rating's optional comment. */
  ratingComment: 500,
  /** A support request ('Report a problem') and an operator's reply. */
  supportText: 1000,
  /** A driver's photo URL, vehicle and plate (operator input). */
  photoUrl: 500,
  vehicle: 60,
  plate: 16,
  /** A bank's code in Paystack's list (3 to 6 digits today). */
  bankCode: 16,
  /** A Nigerian account number (NUBAN): 10 digits. */
  accountNumber: 10,
  /** A week's Monday, 'YYYY-MM-DD'. */
  week: 10,
} as const;

/** The bell's list: how many of the newest events the app asks for, and the most a call may ask. */
export const TASK_EVENTS_DEFAULT = 20;
export const TASK_EVENTS_MAX = 50;

/** The chat: messages in one response (bounds its bytes) and in one task's thread. */
export const CHAT_PAGE_SIZE = 100;
export const CHAT_THREAD_MAX = 2000;
/** Hours a chat stays open for sending after its task is completed or cancelled; reading stays. */
export const CHAT_OPEN_HOURS_AFTER_END = 24;
/** The 403 of a send to an ended chat: final for every sender (no retry, no sign-in helps). */
export const CHAT_ENDED = 'This chat has ended: contact support';
