import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { flushSync } from 'react-dom';
import { useNavigate } from '@tanstack/react-router';
import { toast } from 'react-toastify';
import { failureText } from '../../lib/api/query-failure';
import { plansQuery } from '../../lib/api/plans';
import { priceTableQuery } from '../../lib/api/pricing';
import { useSubscribe } from '../../lib/api/subscriptions';
import { userQuery } from '../../lib/api/user';
import { formatNaira as formatKobo } from '../../shared/money';
import { readCallFailure } from '../../shared/call-failure';
import { planDuration, type SubscriptionPlan } from '../../shared/plans';
import { getToken } from '../../lib/token-storage';
import { useOnline } from '../../lib/use-online';
import { DeferredMount } from '../../ui/deferred-mount';
import { createFlowToasts } from '../../ui/flow-toasts';
import { PlanOption } from './plan-option';
import { runSubscription, type LoadSubscriptionPayments, type SubscribeDependencies } from './subscribe-flow';
import './subscriptions.css';

const serverMessage: SubscribeDependencies['errorMessage'] = async (error) => {
  const failure = await readCallFailure(error);
  return failure.kind === 'http' ? failure.message : undefined;
};

const USER_LOAD_FAILED = 'Failed to load user data';

interface SubscribeValues {
  /** The chosen plan's key; null until one is chosen (Subscribe Now then says to choose one). */
  plan: SubscriptionPlan['key'] | null;
}

/**
 * 'Choose Your Plan' (/client/subscribe): pick a plan, pay for it, and the plan is in force.
 * The user (its query started by the route's loader) gives the checkout's e-mail and the
 * subscribe call's id; pressing Subscribe Now before it has arrived waits for it rather than
 * claiming there is no e-mail.
 */
export function SubscribeScreen({ loadPayments }: { loadPayments: LoadSubscriptionPayments }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const subscriber = useQuery(userQuery());
  const subscribing = useSubscribe();
  // The choice in react-hook-form. No resolver: runSubscription says what is missing (a plan, the
  // e-mail). The checkout's busy state stays a state of its own: it is enabled again, synchronously,
  // before focus goes back to the button.
  const form = useForm<SubscribeValues>({ defaultValues: { plan: null }, shouldFocusError: false });
  const selected = form.watch('plan');
  const [isBusy, setIsBusy] = useState(false);
  const isOnline = useOnline();
  const submitButton = useRef<HTMLButtonElement>(null);
  const [toasts] = useState(createFlowToasts);
  // The plans offered now (the admin's; kept on the device for offline use).
  const plans = useQuery(plansQuery()).data?.data ?? [];
  const plan = plans.find((candidate) => candidate.key === selected) ?? null;
  // What each plan is worth at today's prices (the list prices until they arrive or when they fail).
  const prices = useQuery(priceTableQuery()).data?.data;

  const userError = subscriber.data ? null : subscriber.error;
  useEffect(() => {
    if (userError)
      toast.error(failureText(userError, { failed: USER_LOAD_FAILED }), { autoClose: 5000, toastId: 'subscribe-user' });
  }, [userError]);

  const subscribe = async () => {
    if (isBusy || !isOnline) return;
    if (!getToken()) {
      toast.error('Please login to continue', { autoClose: 5000 });
      void navigate({ to: '/login', replace: true });
      return;
    }
    setIsBusy(true);
    const loadedUser = plan
      ? await queryClient.ensureQueryData(userQuery()).then(
          (response) => response.data,
          () => null,
        )
      : null;
    const result = await runSubscription(
      { loadPayments, subscribe: subscribing.mutateAsync, errorMessage: serverMessage },
      plan,
      loadedUser,
    );
    if (result.outcome === 'subscribed') {
      setIsBusy(false);
      toasts.success(result.message);
      void navigate({ to: '/client/home' });
      return;
    }
    // Enabled again before focus goes back to it (Escape or Cancel in the checkout).
    flushSync(() => setIsBusy(false));
    submitButton.current?.focus();
    if (result.outcome === 'cancelled') toasts.info(result.message, { autoClose: 5000 });
    else toasts.error(result.message, { autoClose: 5000 });
  };
  const submit = form.handleSubmit(subscribe);

  return (
    <section className="page subscribe">
      <h1>Choose Your Plan</h1>
      <DeferredMount>
        <form className="subscribe-form" onSubmit={(event) => void submit(event)} noValidate>
          <fieldset className="subscribe-plans">
            <legend className="subscribe-legend">Subscription plans</legend>
            {plans.map((plan) => (
              <PlanOption
                key={plan.key}
                plan={plan}
                isSelected={selected === plan.key}
                onSelect={(key) => form.setValue('plan', key)}
                prices={prices}
              />
            ))}
          </fieldset>
          {/* On a phone the four cards are 1,300px tall: the choice and the button stay in view at the bottom. */}
          <div className="subscribe-bar">
            <p className="subscribe-choice" id="subscribe-choice">
              {plan ? (
                <>
                  <span className="subscribe-choice-name">{plan.name}</span>{' '}
                  <span className="subscribe-choice-price">{formatKobo(plan.priceKobo)}</span>
                  <span className="subscribe-choice-duration"> / {planDuration(plan)}</span>
                </>
              ) : (
                <span className="subscribe-choice-none">No plan chosen yet</span>
              )}
            </p>
            <button
              ref={submitButton}
              type="submit"
              className="button subscribe-submit"
              disabled={isBusy || !isOnline}
              aria-describedby={isOnline ? 'subscribe-choice' : 'subscribe-choice subscribe-offline'}
            >
              {isBusy ? 'Processing...' : 'Subscribe Now'}
            </button>
            {isOnline ? null : (
              <p id="subscribe-offline" className="subscribe-offline" aria-live="polite">
                You are offline. Payment needs an internet connection.
              </p>
            )}
          </div>
        </form>
      </DeferredMount>
    </section>
  );
}
