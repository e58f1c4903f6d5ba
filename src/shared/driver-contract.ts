/**
 * The driver's API answers (docs/driver.md), types only: the server writes them, the driver's
 * app reads them. Money in naira on the wire, as everywhere.
 */
import type { GeoPoint, Id, IsoDate } from './contract';

export interface DriverWindow {
  start: IsoDate;
  end: IsoDate;
}

/** POST /driver/offers */
export interface DriverOffer {
  taskId: Id;
  expiresAt: IsoDate;
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
}

/** POST /driver/tasks/complete */
export interface DriverCompletion {
  taskId: Id;
  status: 'completed';
  quantity: number;
  refund: number;
  pointsEarned: number;
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
