import { Link } from '@tanstack/react-router';
import type { Subscription } from '../../shared/contract';
import { formatDate } from '../../lib/format';
import { planDisplay } from './plan-display';

/** The plan in force in its colour with its expiry, or Freemium with 'Upgrade Plan' ('Upgrade' on mobile). */
export function PlanCard({ subscription }: { subscription: Subscription | null }) {
  const plan = planDisplay(subscription);
  return (
    <div className="dashboard-card dashboard-plan">
      <p className="dashboard-card-label">Subscription Plan</p>
      <p
        className={
          plan.tone
            ? `dashboard-card-value dashboard-plan-name plan-tone-${plan.tone}`
            : 'dashboard-card-value dashboard-plan-name'
        }
        data-tone={plan.tone ?? undefined}
      >
        {plan.name}
      </p>
      {plan.expiresAt ? <p className="dashboard-plan-expiry">Expires {formatDate(plan.expiresAt)}</p> : null}
      {plan.isFreemium ? (
        <Link to="/client/subscribe" className="button button-small dashboard-upgrade">
          <span className="dashboard-desktop-only">Upgrade Plan</span>
          <span className="dashboard-mobile-only">Upgrade</span>
        </Link>
      ) : null}
    </div>
  );
}
