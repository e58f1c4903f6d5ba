import { Link } from '@tanstack/react-router';
import { formatDecimal } from '../../lib/format';

/** The recycle-token balance, 2 decimals: 'Recycle Token' on desktop, 'Your Points' on mobile; opens the points page. */
export function BalanceCard({ balance }: { balance: number }) {
  return (
    <Link to="/client/points" className="dashboard-card dashboard-balance dashboard-card-link">
      <p className="dashboard-card-label">
        <span className="dashboard-desktop-only">Recycle Token</span>
        <span className="dashboard-mobile-only">Your Points</span>
      </p>
      <p className="dashboard-card-value">{formatDecimal(balance)}</p>
    </Link>
  );
}
