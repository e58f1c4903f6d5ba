/**
 * What the console's API answers that the console reads as it is: one definition for the
 * server that sends it and the console that shows it (money in naira, as on every wire).
 */

/** A support agent's refund above their limit, waiting for (or decided by) an admin. */
export interface OpsRefundRequest {
  id: string;
  taskId: string;
  serviceName: string;
  address: string;
  clientName: string;
  amount: number;
  reason: string;
  requestedBy: string;
  requestedAt: string;
  decision: 'approved' | 'declined' | null;
  decidedBy: string | null;
  decidedAt: string | null;
  note: string | null;
}

/** One day of the daily report. */
export interface ReportDay {
  day: string;
  /** Tasks booked that day, by their state now. */
  tasks: Record<string, number>;
  revenue: number;
  refunds: number;
  /** What clients paid less the refunds. */
  net: number;
  /** The VAT inside `net` (7.5%). */
  vat: number;
  fees: number;
  driverShares: number;
  pointsCredited: number;
  pointsSpent: number;
}

/** One driver's line of the daily report. */
export interface ReportDriver {
  driverId: string;
  name: string;
  completed: number;
  earnings: number;
  fees: number;
}

export interface DailyReport {
  from: string;
  to: string;
  days: ReportDay[];
  drivers: ReportDriver[];
}
