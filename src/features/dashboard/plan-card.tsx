import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { Subscription } from '../../shared/contract';
import { allowanceLeftText } from '../../shared/plans';
import { formatDate } from '../../lib/format';
import { planStatusQuery } from '../../lib/api/plan';
import { planDisplay } from './plan-display';

/**
 * What is left of the plan's first inclusion this plan month ('9 of 12 pickups left this
 * month'), and Platinum's dedicated manager with a number to call.
 */
function AllowanceLine() {
  const { data } = useQuery(planStatusQuery());
  const first = data?.data?.allowance[0];
  const manager = data?.data?.manager;
  return (
    <>
      {first ? <p className="dashboard-plan-allowance">{allowanceLeftText(first)}</p> : null}
      {manager ? (
        <p className="dashboard-plan-manager">
          Your manager: {manager.name}, <a href={`tel:${manager.phone.replace(/[^+\d]/g, '')}`}>{manager.phone}</a>
        </p>
      ) : null}
    </>
  );
}

/**
 * The plan in force in its colour with its expiry and what is left this month; Freemium with
 * 'Upgrade Plan' ('Upgrade' on mobile), or 'Renew' when the plan has run out.
 */
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
      {plan.isFreemium ? null : <AllowanceLine />}
      {plan.hasExpired ? (
        <Link to="/client/subscribe" className="button button-small dashboard-upgrade">
          Renew
        </Link>
      ) : plan.isFreemium ? (
        <Link to="/client/subscribe" className="button button-small dashboard-upgrade">
          <span className="dashboard-desktop-only">Upgrade Plan</span>
          <span className="dashboard-mobile-only">Upgrade</span>
        </Link>
      ) : null}
    </div>
  );
}
