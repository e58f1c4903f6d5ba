import { formatNaira as formatKobo } from '../../shared/money';
import { inclusionText, planDuration, planWorth, type SubscriptionPlan } from '../../shared/plans';
import type { PriceTable } from '../../shared/pricing';

interface PlanOptionProps {
  plan: SubscriptionPlan;
  isSelected: boolean;
  onSelect: (key: SubscriptionPlan['key']) => void;
  /** Today's prices (the list prices until they arrive): what the month's inclusions are worth. */
  prices?: PriceTable;
}

/** One plan card: a radio named by the plan, with its price, duration, features and what it includes each month. */
export function PlanOption({ plan, isSelected, onSelect, prices }: PlanOptionProps) {
  const id = `plan-${plan.key}`;
  return (
    <label
      className={
        isSelected ? `plan-option plan-option-${plan.key} plan-option-selected` : `plan-option plan-option-${plan.key}`
      }
    >
      <span className="plan-option-head">
        <input
          type="radio"
          name="plan"
          value={plan.key}
          checked={isSelected}
          onChange={() => onSelect(plan.key)}
          aria-labelledby={`${id}-name`}
          aria-describedby={`${id}-details`}
        />
        <span id={`${id}-name`} className="plan-option-name">
          {plan.name}
        </span>
      </span>
      <span id={`${id}-details`} className="plan-option-details">
        <span className="plan-option-price">{formatKobo(plan.priceKobo)}</span>
        <span className="plan-option-duration">{planDuration(plan)}</span>
        <span className="plan-option-features">
          {plan.features.map((feature) => (
            <span key={feature} className="plan-option-feature">
              {feature}
            </span>
          ))}
        </span>
        <span className="plan-option-included-title">Included each month</span>
        <span className="plan-option-included">
          {plan.inclusions.map((inclusion) => (
            <span key={inclusion.service} className="plan-option-inclusion">
              {inclusionText(inclusion)}
            </span>
          ))}
        </span>
        <span className="plan-option-worth">Worth {formatKobo(planWorth(plan, prices))} a month at list prices</span>
      </span>
    </label>
  );
}
