import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { toast } from 'react-toastify';
import type { Answer } from '../../lib/api/answer';
import { subscribe } from '../../lib/api/subscriptions';
import { readCallFailure } from '../../shared/call-failure';
import type { User } from '../../shared/contract';
import { SUBSCRIPTION_PLANS, type SubscriptionPlan } from '../../shared/plans';
import { getToken } from '../../lib/token-storage';
import { useOnline } from '../../lib/use-online';
import { useRead } from '../../lib/use-read';
import { PlanOption } from './plan-option';
import { runSubscription, type LoadSubscriptionPayments, type SubscribeDependencies } from './subscribe-flow';
import './subscriptions.css';

const serverMessage: SubscribeDependencies['errorMessage'] = async (error) => {
  const failure = await readCallFailure(error);
  return failure.kind === 'http' ? failure.message : undefined;
};

const USER_LOAD_FAILED = 'Failed to load user data';

/**
 * 'Choose Your Plan' (/client/subscribe): pick a plan, pay for it, and the plan is in force.
 * `user` (read by the route's loader) gives the checkout's e-mail and the subscribe call's
 * id; pressing Subscribe Now before it has arrived waits for it rather than claiming there
 * is no e-mail.
 */
export function SubscribeScreen({ user, loadPayments }: { user: Promise<Answer<User>>; loadPayments: LoadSubscriptionPayments }) {
  const navigate = useNavigate();
  const subscriber = useRead(user, { failed: USER_LOAD_FAILED });
  const [selected, setSelected] = useState<SubscriptionPlan['key'] | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const isOnline = useOnline();

  useEffect(() => {
    if (subscriber.status === 'error') toast.error(subscriber.message, { autoClose: 5000, toastId: 'subscribe-user' });
  }, [subscriber]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isBusy || !isOnline) return;
    if (!getToken()) {
      toast.error('Please login to continue', { autoClose: 5000 });
      void navigate({ to: '/login', replace: true });
      return;
    }
    const plan = SUBSCRIPTION_PLANS.find((candidate) => candidate.key === selected) ?? null;
    setIsBusy(true);
    const loadedUser = plan ? await user.then((answer) => answer.data, () => null) : null;
    const result = await runSubscription({ loadPayments, subscribe, errorMessage: serverMessage }, plan, loadedUser);
    setIsBusy(false);
    if (result.outcome === 'subscribed') {
      toast.success(result.message);
      void navigate({ to: '/client/home' });
    } else if (result.outcome === 'cancelled') toast.info(result.message, { autoClose: 5000 });
    else toast.error(result.message, { autoClose: 5000 });
  };

  return (
    <section className="page subscribe">
      <h1>Choose Your Plan</h1>
      <form className="subscribe-form" onSubmit={submit} noValidate>
        <fieldset className="subscribe-plans">
          <legend className="subscribe-legend">Subscription plans</legend>
          {SUBSCRIPTION_PLANS.map((plan) => (
            <PlanOption key={plan.key} plan={plan} isSelected={selected === plan.key} onSelect={setSelected} />
          ))}
        </fieldset>
        <button type="submit" className="button subscribe-submit" disabled={isBusy || !isOnline} aria-describedby={isOnline ? undefined : 'subscribe-offline'}>
          {isBusy ? 'Processing...' : 'Subscribe Now'}
        </button>
        {isOnline ? null : (
          <p id="subscribe-offline" className="subscribe-offline" aria-live="polite">
            You are offline. Payment needs an internet connection.
          </p>
        )}
      </form>
    </section>
  );
}
