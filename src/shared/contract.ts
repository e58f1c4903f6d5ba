/**
 * The API contract: the request and answer of every call in SPEC.md section 7, with the
 * decisions of ARCHITECTURE.md. Both the app (src/) and the reference server (server/)
 * import this module, so the two cannot drift apart. Types only: no runtime code here.
 *
 * Envelope: a success answers `{ data: ... }`; an error answers a proper status with
 * `{ message }` (login adds `error`, sign-up adds `data`, profile validation adds `errors`).
 * Ids are strings, dates ISO 8601 strings, money a number of naira (kobo only inside
 * payment calls), locations GeoJSON points `[lng, lat]`.
 */

export type Id = string;
export type IsoDate = string;

export interface GeoPoint {
  type: 'Point';
  /** [longitude, latitude] */
  coordinates: [number, number];
}

export type PlanName = 'bronze' | 'silver' | 'gold' | 'platinum';

/** The server's status vocabulary (the list is TASK_STATUSES in task-status.ts); the app also accepts `assigned` and `in-progress`. */
export type TaskStatus = 'pending' | 'driver-assigned' | 'on-going' | 'completed' | 'cancelled';

export interface Subscription {
  plan: PlanName | string;
  expiresAt: IsoDate;
}

export interface User {
  _id: Id;
  email: string;
  firstname: string;
  lastname: string;
  phonenumber: string;
  bio: string;
  /** A data-URL image, or '' when none is set. */
  avatar: string;
  referralCode: string;
  notification: boolean;
  /** Recycle-token balance. */
  balance: number;
  subscription: Subscription | null;
}

export interface DriverSummary {
  _id: Id;
  firstname: string;
  lastname: string;
  phone: string;
}

export interface Task {
  _id: Id;
  status: TaskStatus;
  reference: string;
  address: string;
  location: GeoPoint;
  datetime: IsoDate;
  /** The service key (e.g. `household`). */
  type: string;
  serviceName: string;
  amount: number;
  unit: string;
  /** The owner's user id. */
  user: Id;
  confirmationCode: string;
  driverId: Id | null;
  driver: DriverSummary | null;
}

export interface PricingItem {
  _id: Id;
  serviceName: string;
  price: number;
  unit: string;
}

export type MessageSender = 'user' | 'driver';

export interface ChatMessage {
  _id: Id;
  taskId: Id;
  sender: MessageSender;
  content: string;
  timestamp: IsoDate;
  clientId: string | null;
}

export interface DriverLocation {
  driverId: Id;
  location: GeoPoint;
  updatedAt: IsoDate;
}

// ---- envelopes ----

export interface DataAnswer<T> {
  data: T;
}
export interface ErrorAnswer {
  message: string;
  /** Login errors: the client shows `response.data.error`. */
  error?: string;
  /** Sign-up errors: the client shows `response.data.data`. */
  data?: string;
  /** Profile validation: a message per field. */
  errors?: Record<string, string>;
}
export interface RecoveryAnswer {
  success: boolean;
  message: string;
}

// ---- requests and answers, one per call ----

/** POST /client/login */
export interface LoginRequest {
  email: string;
  password: string;
}
export type LoginAnswer = DataAnswer<string>;

/** POST /client/signup (`ref` is the referral code from `signup?ref=CODE`) */
export interface SignupRequest {
  firstname: string;
  lastname: string;
  email: string;
  phonenumber: string;
  password: string;
  ref?: string;
}
export type SignupAnswer = DataAnswer<{ message: string; userId: Id }>;

/** POST /client/userdata (token in the body, as the spec's client sends it, or as a bearer header) */
export interface UserDataRequest {
  token?: string;
}
export type UserDataAnswer = DataAnswer<User>;

/** POST /client/task */
export interface TasksRequest {
  userId: Id;
}
/** Oldest first: history reverses it, the dashboard sorts newest first. */
export type TasksAnswer = DataAnswer<Task[]>;

/** GET /driver/location/{driverId} */
export type DriverLocationAnswer = DataAnswer<DriverLocation>;

/** POST /client/getMessages (`since`: only messages newer than this ISO date) */
export interface GetMessagesRequest {
  taskId: Id;
  since?: IsoDate;
}
export type GetMessagesAnswer = DataAnswer<{ messages: ChatMessage[] }>;

/** POST /client/sendingMessages (a repeated `clientId` for the same task is delivered once) */
export interface SendMessageRequest {
  taskId: Id;
  sender: 'user';
  content: string;
  clientId?: string;
}
export type SendMessageAnswer = DataAnswer<ChatMessage>;

/** GET /admin/pricing (bearer token) */
export type PricingAnswer = DataAnswer<PricingItem[]>;

/** POST /client/create: idempotent by payment `reference`. */
export interface CreateTaskRequest {
  address: string;
  location: GeoPoint;
  /** Naira; the server checks it against its price list and the verified payment. */
  amount: number;
  unit: string;
  /** The owner's user id. */
  user: Id;
  reference: string;
  /** The service key. */
  type: string;
  serviceName: string;
}
export type CreateTaskAnswer = DataAnswer<Task>;

/** PUT /api/user/profile (bearer token) */
export interface ProfileUpdateRequest {
  firstName: string;
  lastName: string;
  email: string;
  phone?: string;
  bio?: string;
  /** A data-URL image; '' or null removes it; absent keeps the current one. */
  avatar?: string | null;
}
export type ProfileUpdateAnswer = DataAnswer<User>;

/** POST /client/subscribe: the payment `reference` is verified like a task payment. */
export interface SubscribeRequest {
  plan: PlanName;
  userId: Id;
  reference: string;
}
export type SubscribeAnswer = DataAnswer<User>;

/** POST /client/forgot */
export interface ForgotRequest {
  email: string;
}
/** POST /client/resetCode */
export interface ResetCodeRequest {
  email: string;
  code: string;
}
/** POST /client/resetPassword (only after the code was verified) */
export interface ResetPasswordRequest {
  email: string;
  newPassword: string;
}

// ---- dev-only calls (absent when real providers are configured) ----

/** POST /dev/payments: the local test checkout records a paid reference (bearer token). */
export interface TestPaymentRequest {
  reference: string;
  /** Kobo. */
  amount: number;
  email: string;
}
export type TestPaymentAnswer = DataAnswer<{ reference: string; amount: number; status: 'success' }>;

/** GET /dev/mailbox?email=...: the dev mailbox (recovery codes). */
export interface DevMail {
  to: string;
  subject: string;
  text: string;
  sentAt: IsoDate;
}
export type DevMailboxAnswer = DataAnswer<DevMail[]>;
