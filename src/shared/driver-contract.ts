/**
 * The driver's API answers (docs/driver.md), types only: the server writes them, the driver's
 * app reads them. Money in naira on the wire, as everywhere.
 */
import type { GeoPoint, Id, IsoDate, TaskExtra } from './contract';

export interface DriverWindow {
  start: IsoDate;
  end: IsoDate;
}

/** POST /driver/offers */
export interface DriverOffer {
  taskId: Id;
  /** When the offer ends: 45 s after it was made, or 30 s after the phone first showed it. */
  expiresAt: IsoDate;
  /** The server's clock when it answered: the phone measures its own clock's offset from it. */
  serverNow: IsoDate;
  service: { type: string; name: string };
  quantity: number;
  unit: string;
  window: DriverWindow | null;
  pickup: { address: string; location: GeoPoint };
  distanceMeters: number;
  earnings: number;
}

/** POST /driver/tasks */
export interface DriverTask {
  taskId: Id;
  status: 'driver-assigned' | 'on-going';
  service: { type: string; name: string };
  quantity: number;
  unit: string;
  window: DriverWindow | null;
  address: string;
  addressDetails: string;
  pin: GeoPoint;
  client: { firstname: string; phone: string };
  earnings: number;
  /** When the driver arrived (said so, or came within 100 m); null until then. */
  arrivedAt: IsoDate | null;
  /** What the driver weighed or counted at the door (null until then). Optional: kept answers lack it. */
  weighedQuantity?: number | null;
  /** More weighed than booked: what the client is asked to pay, and their answer. */
  extra?: TaskExtra | null;
  /** Photo proof at pickup for this service; optional: kept answers from before lack it ('off'). */
  photo?: 'off' | 'optional' | 'required';
  /** The server holds the task's photo. */
  photoTaken?: boolean;
}

/** POST /driver/tasks/weigh {taskId, quantity}: what was recorded, and the extra it asks for. */
export interface DriverWeighing {
  taskId: Id;
  quantity: number;
  extra: TaskExtra | null;
}

/** POST /driver/tasks/complete */
export interface DriverCompletion {
  taskId: Id;
  status: 'completed';
  quantity: number;
  /** The task's unit ('per kg'): 'Completed: 2 kg collected'. Optional: kept answers lack it. */
  unit?: string;
  refund: number;
  pointsEarned: number;
}

/** POST /driver/tasks/outcome {taskId}: how a task the driver held ended (a cancel: why, and what they earn). */
export interface DriverTaskOutcome {
  taskId: Id;
  status: string;
  /** 'client', 'operator' or 'simulator' for a cancelled task; null otherwise. */
  cancelledBy: string | null;
  /** The client's reason or the operator's note ('' when none). */
  reason: string;
  /** What the driver earned from it (naira): the cancel fee, or the share of a completion. */
  earned: number;
}

export interface EarningsTotal {
  tasks: number;
  /** Naira. */
  earnings: number;
}

/** POST /driver/earnings: completed tasks and what they earned, today and this week (Lagos, from Monday). */
export interface DriverEarnings {
  today: EarningsTotal;
  week: EarningsTotal;
}

/** POST /driver/banks: Paystack's list of Nigeria's banks. */
export interface DriverBank {
  code: string;
  name: string;
}

/** POST /driver/bank-account (null until one is saved), and /driver/bank-account/save. */
export interface DriverBankAccount {
  bankCode: string;
  bankName: string;
  /** The last 4 digits only. */
  accountNumberEnd: string;
  accountName: string;
}

export type PayoutStatus = 'queued' | 'pending' | 'success' | 'failed' | 'reversed';

export interface DriverPayout {
  id: Id;
  /** The week's Monday (Lagos), 'YYYY-MM-DD'. */
  week: string;
  amount: number;
  status: PayoutStatus;
  createdAt: IsoDate;
  updatedAt: IsoDate;
}

/** One line of the weekly statement: what the week earned and what was paid for it. */
export interface WeekStatement {
  week: string;
  tasks: number;
  earned: number;
  paid: number;
}

/** POST /driver/payouts */
export interface DriverPayouts {
  balance: number;
  account: DriverBankAccount | null;
  payouts: DriverPayout[];
  weeks: WeekStatement[];
}

/** What a task earned the driver (naira): the share of what the client paid, a cancel fee, an extra paid at the door. */
export interface TaskEarnings {
  share: number;
  fee: number;
  extra: number;
  total: number;
}

/** POST /driver/history: one completed or cancelled task. */
export interface DriverHistoryTask {
  taskId: Id;
  status: 'completed' | 'cancelled';
  service: { type: string; name: string };
  /** What was collected (weighed or counted), else what was booked. */
  quantity: number;
  unit: string;
  address: string;
  endedAt: IsoDate;
  earnings: TaskEarnings;
}

export interface HistoryTotal extends TaskEarnings {
  tasks: number;
}

/** POST /driver/history: a page, newest first; the first page also has the sums (Lagos days, weeks from Monday). */
export interface DriverHistoryPage {
  tasks: DriverHistoryTask[];
  /** `before` for the next, older page; null at the oldest. */
  olderCursor: string | null;
  summary: {
    today: HistoryTotal;
    week: HistoryTotal;
    month: HistoryTotal;
    /** The weekly statement: this week and the 4 before it, newest first. */
    weeks: Array<HistoryTotal & { start: IsoDate }>;
  } | null;
}
