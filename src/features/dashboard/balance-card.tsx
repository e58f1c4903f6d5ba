import { formatDecimal } from '../../lib/format';

/** The recycle-token balance, 2 decimals: 'Recycle Token' on desktop, 'Your Points' on mobile. */
export function BalanceCard({ balance }: { balance: number }) {
  return (
    <div className="dashboard-card dashboard-balance">
      <p className="dashboard-card-label">
        <span className="dashboard-desktop-only">Recycle Token</span>
        <span className="dashboard-mobile-only">Your Points</span>
      </p>
      <p className="dashboard-card-value">{formatDecimal(balance)}</p>
    </div>
  );
}
