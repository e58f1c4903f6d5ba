/**
 * The API contract: the request and response types of every call, imported by the app and the
 * server so the two cannot drift apart. Types only; request types are the request schemas'
 * input, imported as types so zod stays out of the app (docs/architecture.md, 'One HTTP
 * client' and 'The request schemas'; product decisions in docs/product.md, last section).
 */
import type { z } from 'zod';
import type {
  forgotSchema,
  loginSchema,
  logoutAllSchema,
  resetCodeSchema,
  resetPasswordSchema,
  signupSchema,
  userDataSchema,
} from './schemas/auth';
import type { getMessagesSchema, sendMessageSchema } from './schemas/chat';
import type { settleTestPaymentSchema, testPaymentSchema } from './schemas/dev';
import type { profileUpdateSchema } from './schemas/profile';
import type { subscribeSchema } from './schemas/subscriptions';
import type { createTaskSchema, tasksSchema } from './schemas/tasks';
import type { taskEventsReadSchema, taskEventsSchema } from './schemas/events';
import type { cancelTaskSchema, payExtraSchema, rateTaskSchema, supportRequestSchema } from './schemas/aftercare';
import type { deletePlaceSchema, savePlaceSchema } from './schemas/places';
import type {
  createScheduleSchema,
  moveScheduleDateSchema,
  scheduleActionSchema,
  skipScheduleSchema,
} from './schemas/schedules';
import type { EveryWeeks, Weekday } from './schedules';
import type { notificationSettingsSchema, pushSubscriptionSchema, pushUnsubscribeSchema } from './schemas/push';

export type Id = string;
export type IsoDate = string;

export interface GeoPoint {
  type: 'Point';
  /** [longitude, latitude] */
  coordinates: [number, number];
}

/** A plan's key (the admin's `plans` table: 'bronze', 'silver', 'gold', 'platinum' today). */
export type PlanName = string;

/** The server's status vocabulary (the list is TASK_STATUSES in task-status.ts); the app also accepts `assigned` and `in-progress`. */
export type TaskStatus = 'pending' | 'driver-assigned' | 'on-going' | 'completed' | 'cancelled';

/** A 2-hour pickup window (ISO instants), one of those offered (src/shared/pickup-windows.ts). */
export interface ScheduledWindow {
  start: IsoDate;
  end: IsoDate;
}

export interface Subscription {
  plan: PlanName | string;
  /** The plan's name as bought ('Gold'); absent for a plan set before the plans were data. */
  name?: string;
  expiresAt: IsoDate;
}

export type PointsKind = 'earned' | 'spent' | 'refunded' | 'referral' | 'credit';

/** One change of the recycle-token balance (POST /client/points lists them, newest first). */
export interface PointsEntry {
  _id: Id;
  kind: PointsKind;
  /** Tokens; negative when spent. */
  amount: number;
  taskId: Id | null;
  serviceName: string | null;
  at: IsoDate;
}

/** POST /client/points: the balance and the newest 100 ledger entries. */
export interface PointsStatus {
  balance: number;
  entries: PointsEntry[];
}

/** One inclusion of a plan this plan month: what it includes, what covered bookings used, what is left. */
export interface PlanAllowanceItem {
  /** Service key ('household', 'laundry', ...). */
  service: string;
  amount: number;
  /** '' (pickups, items, garden loads), 'kg' or 'h'. */
  unit: string;
  label: string;
  /** Home's shorter word for what is left ('pickups'). */
  short?: string;
  used: number;
  left: number;
}

/** POST /client/plan: the running plan and what is left of it this plan month; null without a running plan. */
export interface PlanStatus {
  plan: PlanName;
  /** The plan's name as bought ('Gold'); absent in answers kept from before it existed. */
  name?: string;
  startedAt: IsoDate;
  expiresAt: IsoDate;
  /** The plan month now: from `monthStart` (inclusive) to `monthEnd`. */
  monthStart: IsoDate;
  monthEnd: IsoDate;
  allowance: PlanAllowanceItem[];
  /** The dedicated manager of a plan that has one (Platinum today), when the operator set one. */
  manager: { name: string; phone: string } | null;
  /**
   * The weekly report of a plan that has one (Gold's and Platinum's today) in the app: the last 8 weeks (Monday to Sunday, Lagos),
   * this week first; absent for the other plans (and in answers kept from before it existed).
   */
  weeks?: WeekReport[];
}

export interface WeekReport {
  /** The week's Monday, Lagos ('2026-11-23'). */
  weekStart: string;
  /** Completed pickups that week. */
  pickups: number;
  /** Kilograms of recycling weighed that week. */
  kg: number;
}

export interface User {
  _id: Id;
  email: string;
  firstname: string;
  lastname: string;
  phonenumber: string;
  bio: string;
  /**
   * The avatar's own URL (`/avatars/<id>`, relative to the API base address; a new picture
   * gets a new id), or '' when none is set. Answers kept from before this change may still
   * hold a data-URL image.
   */
  avatar: string;
  referralCode: string;
  /** The red dot of the bell: the user has task events not read yet (POST /client/events). */
  notification: boolean;
  /** Recycle-token balance. */
  balance: number;
  subscription: Subscription | null;
}

export interface DriverRating {
  /** Mean of the stars given, one decimal; 0 while `count` is 0. */
  average: number;
  count: number;
}

/** Who is coming. The fields after `phone` are optional in the type: responses cached before them lack them. */
export interface DriverSummary {
  _id: Id;
  firstname: string;
  lastname: string;
  phone: string;
  /** The driver's photo, relative to the API base address ('' when none). */
  photoUrl?: string;
  /** Make, model and colour: 'Toyota Hiace, white' ('' when not known). */
  vehicle?: string;
  /** Number plate: 'KJA-123XY' ('' when not known). */
  plate?: string;
  rating?: DriverRating;
}

/** Why a client cancels (the short list the task page offers; `other` usually comes with a note). */
export type CancelReason = 'changed-plans' | 'booked-by-mistake' | 'wrong-address' | 'too-slow' | 'other';

export type RefundStatus = 'pending' | 'refunded' | 'failed';

/** A cancelled paid task's refund, in full (naira). */
export interface TaskRefund {
  status: RefundStatus;
  amount: number;
  updatedAt: IsoDate;
}

/** The rating the client gave the task's driver (once, after completion). */
export interface TaskRating {
  stars: number;
  comment: string;
  at: IsoDate;
}

export interface Task {
  _id: Id;
  status: TaskStatus;
  reference: string;
  address: string;
  /**
   * House number, gate, landmark: what the driver needs besides the address ('' when none).
   * Optional in the type: answers kept on a device from before it existed lack it.
   */
  addressDetails?: string;
  location: GeoPoint;
  datetime: IsoDate;
  /** The service key (e.g. `household`). */
  type: string;
  serviceName: string;
  /** What was paid in naira: the unit price x `quantity`. */
  amount: number;
  unit: string;
  /** How much, in `unit` (1 for per pickup). Optional like the fields below: cached responses lack it. */
  quantity?: number;
  /** What the client's plan paid of `quantity` (0: all paid by card). */
  coveredQuantity?: number;
  /** The pickup window; null: as soon as possible. */
  scheduledFor?: ScheduledWindow | null;
  /** The owner's user id. */
  user: Id;
  confirmationCode: string;
  driverId: Id | null;
  driver: DriverSummary | null;
  /** A cancelled paid task's refund; null otherwise. Optional like the fields below: cached responses lack them. */
  refund?: TaskRefund | null;
  /** The payment was refunded or disputed with the provider after the task was made: a cancel refunds nothing more. */
  paymentReversed?: boolean;
  rating?: TaskRating | null;
  /** Why it was cancelled (cancelled tasks; null when the operator gave none). */
  cancelReason?: CancelReason | null;
  /** When it was completed; null otherwise. */
  completedAt?: IsoDate | null;
  /**
   * When its driver arrived (within 100 m of the pin, or the driver said so); null until then.
   * Not a status: 'driver-assigned' or 'on-going' stay what they are.
   */
  arrivedAt?: IsoDate | null;
  /** What was collected, in `unit` (completed tasks; null before, or as booked for a service not counted). */
  collectedQuantity?: number | null;
  /** What the driver weighed or counted at the door (null until then). */
  weighedQuantity?: number | null;
  /** More weighed than booked: what the client is asked to pay, and their answer. */
  extra?: TaskExtra | null;
  /** What a cancel at the door kept for the driver (naira; 0 when free). */
  cancelFee?: number;
  /**
   * No driver took it for DISPATCH_ATTENTION_MIN and the client has not chosen to keep waiting:
   * the page says 'Drivers are busy near you' with Keep waiting / Choose another time / Cancel.
   */
  driversBusy?: boolean;
  /** A support agent's refund above their limit awaits an admin's approval. */
  refundAwaitingApproval?: boolean;
}

export interface TaskExtra {
  /** Above the booking, in `unit`. */
  quantity: number;
  /** What the card owes (naira); 0 when the plan covers it all. */
  amount: number;
  /** Of `quantity`, what the plan's allowance pays. */
  coveredQuantity: number;
  status: 'awaiting' | 'paid' | 'declined';
}

export interface PricingItem {
  _id: Id;
  serviceName: string;
  price: number;
  unit: string;
  /** The catalog (issue 65): what the app shows and how the service behaves, all set by an admin. */
  key: string;
  /** The name the app shows ('Recycling Services'). */
  name: string;
  /** The word after a number ('kg'); '' when booked one at a time. */
  unitWord: string;
  /** null: booked one at a time. */
  quantity: { min: number; max: number; step: number } | null;
  pointsPerKg: number;
  /** Weighed or counted by the driver at the door. */
  weighed: boolean;
  pickupPhoto: 'off' | 'optional' | 'required';
}

/**
 * GET /client/plans: a plan offered (issue 65: the admin's, table `plans`); naira on the wire
 * like every price. Buying it keeps these terms for the subscription.
 */
export interface PlanItem {
  key: PlanName;
  name: string;
  /** Naira. */
  price: number;
  /** Calendar months. */
  durationMonths: number;
  features: string[];
  /** What each plan month includes, in the service's own units. */
  inclusions: { service: string; amount: number; unit: string; label: string; short?: string }[];
  weeklyReports: boolean;
  manager: boolean;
}

/** `system`: a note of the service in the thread ('Your new driver is Emeka'). */
export type MessageSender = 'user' | 'driver' | 'system';

export interface ChatMessage {
  _id: Id;
  taskId: Id;
  sender: MessageSender;
  content: string;
  timestamp: IsoDate;
  clientId: string | null;
  /**
   * The driver who wrote it, as named when it was written (driver messages; null for the
   * client's and system notes). Optional in the type: cached responses lack it.
   */
  senderName?: string | null;
}

export interface DriverLocation {
  driverId: Id;
  location: GeoPoint;
  updatedAt: IsoDate;
}

/** What an event of the bell tells: a task's new status, a referral reward, where a refund is, or a reply to a support request. */
export type TaskEventKind =
  | 'status'
  | 'referral-reward'
  | 'refund'
  | 'support-reply'
  | 'plan-renewal'
  /** A recurring pickup's date the plan no longer covers: its task was not made (`scheduleId`, `scheduledFor`, `amount` to pay). */
  | 'schedule-not-covered'
  /** The driver weighed more than booked: the client is asked to pay the extra (`message` says it all). */
  | 'extra';

export interface TaskEvent {
  _id: Id;
  kind: TaskEventKind;
  /** The task whose status changed; null for a referral reward. */
  taskId: Id | null;
  /** The task's new status ('status' events); null otherwise. */
  status: TaskStatus | null;
  /** The task's service key and price-list name ('' for a referral reward). */
  type: string;
  serviceName: string;
  /** Recycle tokens credited (referral rewards), naira refunded (refunds); null otherwise. */
  amount: number | null;
  /** Where the refund is ('refund' events); null otherwise. Optional: cached responses lack it. */
  refundStatus?: RefundStatus | null;
  /** The operator's reply ('support-reply' events); null otherwise. Optional: cached responses lack it. */
  message?: string | null;
  /** The task's pickup window, when it has one. Optional: cached responses lack it. */
  scheduledFor?: ScheduledWindow | null;
  /** The recurring pickup ('schedule-not-covered' events); null otherwise. Optional: cached responses lack it. */
  scheduleId?: Id | null;
  at: IsoDate;
  /** At or before the time the client marked read. */
  read: boolean;
}

// ---- envelopes ----

export interface DataResponse<T> {
  data: T;
}
export interface ErrorResponse {
  message: string;
  /** Login errors: the client shows `response.data.error`. */
  error?: string;
  /** Sign-up errors: the client shows `response.data.data`. */
  data?: string;
  /** Profile validation: a message per field. */
  errors?: Record<string, string>;
  /** Recovery errors keep the calls' own shape (`RecoveryResponse`). */
  success?: false;
  /** A sign-in code asked too soon or too often: when to ask again (the Retry-After header's seconds). */
  retryInSeconds?: number;
  /** A support agent's cancel above their refund limit: they may send it to an admin (POST /ops/tasks/:id/refund-request). */
  canRequestApproval?: true;
}
export interface RecoveryResponse {
  success: boolean;
  message: string;
}

// ---- requests and answers, one per call ----

/** POST /client/login */
export type LoginRequest = z.input<typeof loginSchema>;
export type LoginResponse = DataResponse<string>;

/** POST /client/signup (`ref` is the referral code from `signup?ref=CODE`) */
export type SignupRequest = z.input<typeof signupSchema>;
export type SignupResponse = DataResponse<{ message: string; userId: Id }>;

/** POST /client/userdata (token in the body, as the spec's client sends it, or as a bearer header) */
export type UserDataRequest = z.input<typeof userDataSchema>;
export type UserDataResponse = DataResponse<User>;

/** POST /client/logoutAll (bearer token): every token issued so far stops working, this one included. */
export type LogoutAllRequest = z.input<typeof logoutAllSchema>;
export type LogoutAllResponse = DataResponse<{ message: string }>;

/** POST /client/task */
export type TasksRequest = z.input<typeof tasksSchema>;
/** Oldest first: history reverses it, the dashboard sorts newest first. */
export type TasksResponse = DataResponse<Task[]>;

/** GET /driver/location/{driverId} */
export type DriverLocationResponse = DataResponse<DriverLocation>;

/**
 * POST /client/getMessages: at most CHAT_PAGE_SIZE messages, oldest first. Without `since`, the
 * newest ones (older than the `before` cursor when given); `olderCursor` fetches the page before
 * them (null: nothing older). With `since`, the oldest ones newer than it, so a poll never skips.
 */
export type GetMessagesRequest = z.input<typeof getMessagesSchema>;
export type GetMessagesResponse = DataResponse<{ messages: ChatMessage[]; olderCursor: string | null }>;

/** POST /client/sendingMessages (a repeated `clientId` for the same task is delivered once) */
export type SendMessageRequest = z.input<typeof sendMessageSchema> & { sender: 'user' };
export type SendMessageResponse = DataResponse<ChatMessage>;

/** GET /admin/pricing (bearer token) */
export type PricingResponse = DataResponse<PricingItem[]>;
export type PlansResponse = DataResponse<PlanItem[]>;

/** POST /client/create: idempotent by payment `reference`. */
export type CreateTaskRequest = z.input<typeof createTaskSchema>;
export type CreateTaskResponse = DataResponse<Task>;

/**
 * PUT /api/user/profile (bearer token). `avatar`: a data-URL image (PNG, JPEG, GIF or WebP,
 * under 2 MB); '' or null removes it; absent keeps the current one.
 */
export type ProfileUpdateRequest = z.input<typeof profileUpdateSchema>;
export type ProfileUpdateResponse = DataResponse<User>;

/** POST /client/subscribe: the payment `reference` is verified like a task payment. */
export type SubscribeRequest = z.input<typeof subscribeSchema> & { plan: PlanName };
export type SubscribeResponse = DataResponse<User>;

/** POST /client/events (bearer token): the caller's newest task events first (`limit`, default 20, at most 50). */
export type TaskEventsRequest = z.input<typeof taskEventsSchema>;
export type TaskEventsResponse = DataResponse<TaskEvent[]>;

/**
 * POST /client/events/read (bearer token): the caller's events up to `upTo` are read (the
 * mark never moves back); answers how many stay unread. `User.notification` (the red dot) is
 * true exactly while some are unread.
 */
export type TaskEventsReadRequest = z.input<typeof taskEventsReadSchema>;
export type TaskEventsReadResponse = DataResponse<{ unread: number }>;

/**
 * POST /client/tasks/cancel (bearer token): until the code is entered; the server decides (409
 * with the reason when the task moved on first). Free until the driver has been on the way 2
 * minutes; then, and once they arrived, the cancel fee is kept for the driver (`Task.cancelFee`).
 * A paid task's refund starts at once (`Task.refund`).
 */
export type CancelTaskRequest = z.input<typeof cancelTaskSchema>;
export type CancelTaskResponse = DataResponse<Task>;

/** POST /client/tasks/cancel/quote {taskId}: what cancelling now would cost (the fee) and give back, in naira. */
export type CancelQuoteResponse = DataResponse<{ fee: number; refund: number }>;

/** POST /client/tasks/extra {taskId, reference}: pays the extra the driver's weight asks for; the task. */
export type PayExtraRequest = z.input<typeof payExtraSchema>;
/** POST /client/tasks/extra and /client/tasks/extra/decline: the task with its extra's new status. */
export type ExtraResponse = DataResponse<Task>;

/** POST /client/tasks/rate (bearer token): once per completed task with a driver (409 the second time). */
export type RateTaskRequest = z.input<typeof rateTaskSchema>;
export type RateTaskResponse = DataResponse<Task>;

/**
 * What a receipt shows: POST /client/tasks/receipt (bearer token; paid tasks and tasks the plan
 * covered). Amounts are naira, VAT included; `covered` + `points` + `paid` = `total`.
 */
export interface Receipt {
  company: { name: string; supportEmail: string };
  taskId: Id;
  reference: string;
  serviceName: string;
  unit: string;
  /** How much it is for, in `unit`: what was collected once completed, else what was booked. */
  quantity: number;
  /** How much was booked. Optional: receipts kept from before it lack it. */
  bookedQuantity?: number;
  /** The unit price it was booked at. */
  unitPrice: number;
  /** quantity x unitPrice: what the task costs. */
  total: number;
  /** What the client's plan paid: its units, their value and the plan's name ('Bronze'); null when none. */
  covered: { quantity: number; amount: number; plan: string } | null;
  /** Recycle tokens (1 = ₦1) spent on it; 0 when none. */
  points: number;
  /** What the card, transfer or USSD paid (0 when the plan paid it all). */
  paid: number;
  /** What the client paid at the door for more than booked (0 when none). Optional like `refunded`. */
  extraPaid?: number;
  /** What was given back for less than booked, or as goodwill, on a completed task (0 when none). */
  refunded?: number;
  /** The VAT inside `total` (prices include VAT at `vatRate`). */
  vatIncluded: number;
  vatRate: number;
  paidAt: IsoDate;
  /** What really paid: 'Card', 'Bank transfer', 'USSD' (' - test payment' on the local ledger), or 'Covered by your Bronze plan'. */
  paymentMethod: string;
  /** The client's name and the pickup address (with its details, when given). */
  clientName: string;
  address: string;
  status: TaskStatus;
  completedAt: IsoDate | null;
  refund: TaskRefund | null;
  /** The driver's photo at pickup as a data URL (docs/driver.md 'Photo proof'); null or absent when none. */
  photo?: string | null;
}
export type ReceiptResponse = DataResponse<Receipt>;

export type SupportCategory = 'driver' | 'pickup' | 'payment' | 'refund' | 'app' | 'other';

/** 'Report a problem' on a task, and the operator's reply. */
export interface SupportRequest {
  _id: Id;
  taskId: Id;
  category: SupportCategory;
  text: string;
  createdAt: IsoDate;
  reply: string | null;
  repliedAt: IsoDate | null;
}

/** POST /client/support (bearer token): a request about one of the caller's tasks. */
export type SupportRequestBody = z.input<typeof supportRequestSchema>;
export type SupportRequestResponse = DataResponse<SupportRequest>;
/** GET /client/support (bearer token): the caller's requests, newest first. */
export type SupportRequestsResponse = DataResponse<SupportRequest[]>;

/** POST /client/forgot */
export type ForgotRequest = z.input<typeof forgotSchema>;
/** POST /client/resetCode */
export type ResetCodeRequest = z.input<typeof resetCodeSchema>;
/** POST /client/resetPassword (only after the code was verified) */
export type ResetPasswordRequest = z.input<typeof resetPasswordSchema>;

// ---- saved places (docs/product.md, Create task) ----

export type PlaceLabel = 'home' | 'work';

/** A place the booking screen offers first: 'Home' or 'Work' (label), or one of the last addresses used (null). */
export interface SavedPlace {
  label: PlaceLabel | null;
  address: string;
  location: GeoPoint;
  addressDetails: string;
}

/** POST /client/places (bearer token): 'Home' and 'Work', then the last 5 other addresses of the client's tasks, newest first. */
export type PlacesResponse = DataResponse<{ saved: SavedPlace[]; recent: SavedPlace[] }>;
/** POST /client/places/save (bearer token): keeps the place as 'Home' or 'Work' (replacing the one before). */
export type SavePlaceRequest = z.input<typeof savePlaceSchema>;
export type SavePlaceResponse = DataResponse<SavedPlace>;
/** POST /client/places/delete (bearer token): forgets 'Home' or 'Work'. */
export type DeletePlaceRequest = z.input<typeof deletePlaceSchema>;

// ---- recurring pickups (docs/product.md, Recurring pickups; rules in src/shared/schedules.ts) ----

/** Why a schedule is paused: the client paused it, or the plan ended (renewing resumes those). */
export type SchedulePause = 'client' | 'plan-ended';

/** What happened to one date of a schedule the scheduler reached. */
export interface ScheduleRun {
  /** Lagos day, '2026-11-28'. */
  date: string;
  window: ScheduledWindow;
  /** `created`: its task was made (`taskId`); `not-covered`: the plan had too little left, no task made. */
  outcome: 'created' | 'not-covered';
  taskId: Id | null;
}

/** A recurring pickup. */
export interface Schedule {
  _id: Id;
  /** Service key and price-list name. */
  type: string;
  serviceName: string;
  unit: string;
  /** Per pickup (in `unit`; 1 for per-pickup services). */
  quantity: number;
  address: string;
  addressDetails: string;
  location: GeoPoint;
  /** ISO weekdays (1 Monday ... 7 Sunday), ascending. */
  weekdays: Weekday[];
  /** Lagos hour the 2-hour window starts: 8, 10, 12, 14 or 16. */
  windowStartHour: number;
  /** 1: every week; 2: every 2 weeks, in the weeks an even number of weeks from `startsOn`'s. */
  everyWeeks: EveryWeeks;
  /** The first Lagos day ('2026-11-27'). */
  startsOn: string;
  /** Dates moved to another window: the date's own Lagos day and its new window (recent and coming ones). */
  moved: { date: string; window: ScheduledWindow }[];
  /** null: running. */
  paused: SchedulePause | null;
  /** Lagos days the client skipped ('2026-11-28'), today or later. */
  skipped: string[];
  /** The dates the scheduler reached in the last 28 days and the next ones (a made task, or not covered). */
  runs: ScheduleRun[];
  /** The next date neither skipped nor reached yet (null when paused). */
  next: { date: string; window: ScheduledWindow } | null;
  /** One pickup's price at today's prices (naira, unit price x quantity): what a date not covered costs. */
  price: number;
  createdAt: IsoDate;
}

/** POST /client/schedules (bearer token): the caller's schedules, oldest first. */
export type SchedulesResponse = DataResponse<Schedule[]>;
/** POST /client/schedules/create (bearer token): needs a running plan that includes the service; 201 with the schedule. */
export type CreateScheduleRequest = z.input<typeof createScheduleSchema>;
/** POST /client/schedules/pause | resume | delete (bearer token): `{ scheduleId }`; responds with the schedule (delete: `{ deleted: true }`). */
export type ScheduleActionRequest = z.input<typeof scheduleActionSchema>;
/** POST /client/schedules/skip (bearer token): `{ scheduleId, date }`, a date of the schedule not reached yet; `unskip: true` takes the skip back. */
export type SkipScheduleRequest = z.input<typeof skipScheduleSchema>;
/**
 * POST /client/schedules/move (bearer token): `{ scheduleId, date, window }` moves one coming
 * date not booked yet to an offered 2-hour window (the date's own window puts it back);
 * responds with the schedule.
 */
export type MoveScheduleDateRequest = z.input<typeof moveScheduleDateSchema>;
export type ScheduleResponse = DataResponse<Schedule>;

// ---- notifications (docs/notifications.md) ----

/** The switches of Settings: each kind of notification, and SMS where there is no push. All on by default. */
export interface NotificationSettings {
  /** Driver assigned, on the way, arriving, completed, cancelled. */
  driverUpdates: boolean;
  /** A chat message from the driver. */
  chat: boolean;
  /** Receipts, refunds and answers to support requests. */
  receipts: boolean;
  /** A scheduled task's reminder the evening before. */
  reminders: boolean;
  /** 'Driver assigned' and 'arriving' by SMS when no device of the client has push. */
  sms: boolean;
}

/**
 * POST /client/notifications (bearer token): the caller's switches, the server's VAPID public
 * key for PushManager.subscribe, how many devices are subscribed and whether SMS is configured.
 */
export type NotificationsResponse = DataResponse<{
  settings: NotificationSettings;
  vapidPublicKey: string;
  devices: number;
  smsAvailable: boolean;
}>;
/** POST /client/notifications/update (bearer token): any subset of the switches; responds with them all. */
export type NotificationSettingsUpdate = z.input<typeof notificationSettingsSchema>;
export type NotificationSettingsResponse = DataResponse<NotificationSettings>;
/** POST /client/push/subscribe (bearer token): the browser's PushSubscription JSON; 201 new, 200 known. */
export type PushSubscribeRequest = z.input<typeof pushSubscriptionSchema>;
/** POST /client/push/unsubscribe (bearer token): forgets this device's subscription (logout does it too). */
export type PushUnsubscribeRequest = z.input<typeof pushUnsubscribeSchema>;
export type PushSubscriptionResponse = DataResponse<{ subscribed: boolean }>;

// ---- dev-only calls (absent when real providers are configured) ----

/**
 * POST /dev/payments: the local test checkout records a paid reference (bearer token);
 * `status: 'pending'` records a bank transfer not confirmed yet (verify answers 503 until settled).
 */
export type TestPaymentRequest = z.input<typeof testPaymentSchema>;
export type TestPaymentStatus = 'success' | 'pending';
export type TestPaymentResponse = DataResponse<{ reference: string; amount: number; status: TestPaymentStatus }>;
/** POST /dev/payments/settle (bearer token): the payer's pending transfer becomes paid; 404 when none is pending. */
export type SettleTestPaymentRequest = z.input<typeof settleTestPaymentSchema>;
export type SettleTestPaymentResponse = DataResponse<{ reference: string; status: 'success' }>;

/** GET /dev/mailbox?email=...: the dev mailbox (recovery codes). */
export interface DevMail {
  to: string;
  subject: string;
  text: string;
  sentAt: IsoDate;
}
export type DevMailboxResponse = DataResponse<DevMail[]>;

/** POST /client/phone/start and /driver/phone/start: when 'Resend' and 'Call me instead' may be asked. */
export type PhoneCodeResponse = DataResponse<{
  resendInSeconds: number;
  voiceInSeconds: number;
  expiresInSeconds: number;
}>;

/** POST /client/phone/verify: a token, or (a number without an account, no names sent) the names are asked. */
export type PhoneVerifyResponse = DataResponse<string> | { needsName: true };

export interface PhoneStartRequest {
  phone: string;
  channel?: 'sms' | 'voice';
}

export interface PhoneVerifyRequest {
  phone: string;
  code: string;
  firstname?: string;
  lastname?: string;
  ref?: string | null;
}
