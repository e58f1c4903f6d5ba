import type { PointsEntry } from '../../shared/contract';

/** What the points are, in one line (Home's 'Your Points' opens it). */
export const POINTS_EXPLAINED =
  'Points: you earn 10 for every kg of recycling we collect; each is worth ₦1 off a booking (up to half of it).';

/** One ledger line: 'Earned - Recycling Collection', 'Referral reward'. */
export function pointsEntryText(entry: Pick<PointsEntry, 'kind' | 'serviceName'>): string {
  const on = entry.serviceName ? ` - ${entry.serviceName}` : '';
  switch (entry.kind) {
    case 'earned':
      return `Earned${on}`;
    case 'spent':
      return `Used for a booking${on}`;
    case 'refunded':
      return `Given back${on}`;
    case 'referral':
      return 'Referral reward';
    case 'credit':
      return 'Credited by GreenPick';
  }
}

/** '+125.00', '-30.00'. */
export function signedPoints(amount: number, format: (value: number) => string): string {
  return `${amount < 0 ? '-' : '+'}${format(Math.abs(amount))}`;
}
