import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { flushSync } from 'react-dom';
import { useNavigate } from '@tanstack/react-router';
import type { Id } from 'react-toastify';
import { cachedPriceTableQuery, priceTableQuery } from '../../lib/api/pricing';
import { failureReason, failureText } from '../../lib/api/query-failure';
import { planKeys, planStatusQuery } from '../../lib/api/plan';
import type { QueryData } from '../../lib/api/query-data';
import { tasksQuery } from '../../lib/api/tasks';
import { serviceAreaQuery } from '../../lib/api/service-area';
import { userQuery } from '../../lib/api/user';
import { formatCoordinates, formatNaira } from '../../lib/format';
import {
  formatKoboAmount,
  formatNaira as formatKobo,
  koboToNaira,
  nairaToKobo,
  timesQuantity,
} from '../../shared/money';
import { submitPaidTask } from '../../lib/pending-tasks';
import type { ScheduledWindow, Task } from '../../shared/contract';
import { findPlan } from '../../shared/plans';
import { offeredWindows } from '../../shared/pickup-windows';
import { FALLBACK_PRICES, POINTS_PER_KG, priceFor } from '../../shared/pricing';
import { quantityProblem, quantityRule, quantityText, wholeSteps } from '../../shared/quantity';
import { isInServiceArea, outsideAreaMessage } from '../../shared/service-area';
import { serviceDisplayName } from '../../shared/service-names';
import { createFlowToasts } from '../../ui/flow-toasts';
import { notify } from '../../ui/toast-host';
import { DeferredMount } from '../../ui/deferred-mount';
import { OfflineMarker } from '../../ui/offline-marker';
import {
  MESSAGES,
  MOVE_PIN_HINT,
  PIN_OUTSIDE_NIGERIA,
  SUCCESS_TOAST_MS,
  proceedState,
  isApproximatePlace,
  usablePoints,
  type SelectedPlace,
} from './booking/booking-rules';
import { AddressDetailsField } from './booking/address-details-field';
import { SummarySheet } from './booking/summary-sheet';
import { SavePlace } from './booking/save-place';
import { QuantityField, WhenField } from './booking/quantity-and-when';
import { usePickedPlace, type Point } from './booking/use-picked-place';
import { payForTask, type LoadTaskPayments } from './booking/pay-for-task';
import { useOnline } from '../../lib/use-online';
import './create-task.css';

/** What the address search hands over: `location` is null when the choice has no geometry. */
export interface ChosenPlace {
  address: string;
  location: { lat: number; lng: number } | null;
  /** Only roughly where (a long road): address details become required. */
  approximate?: boolean;
  /** A saved place's details, filled in with it. */
  addressDetails?: string;
}

export interface CreateTaskScreenProps {
  /** The service tag from navigation state ('default' when absent). */
  serviceType: string;
  /** The card payment (the payments feature, loaded lazily; composed by the route). */
  loadPayments: LoadTaskPayments;
  /** The address search (from the maps feature, composed by the route); it shows `selectedAddress` when the pin moves. */
  renderAddressSearch: (onChoose: (choice: ChosenPlace) => void, selectedAddress: string | undefined) => ReactNode;
  /** 'Use my current location' (from the maps feature). */
  renderCurrentLocation: (onLocated: (point: Point) => void) => ReactNode;
  /** The map of the chosen place (from the maps feature, loaded lazily); `onMove` is a drag of the pin or a tap, false when refused. */
  renderMap: (place: SelectedPlace, onMove: (point: Point) => boolean) => ReactNode;
  /** A label for a pinned point ('Near Yaba, Lagos'). */
  describePoint: (point: Point) => Promise<string>;
  /** 'Book again': the place, details and quantity of an earlier task to start from. */
  bookAgain?: BookAgain;
}

export interface BookAgain {
  address: string;
  lat: number;
  lng: number;
  addressDetails: string;
  quantity: number;
  /** A recurring pickup's date the plan did not cover: its window, if still offered. */
  scheduledFor?: ScheduledWindow;
}

/** The offered window with the same instants (the pickers compare ISO text), or null when no longer offered. */
function offeredWindowOf(window: ScheduledWindow | undefined): ScheduledWindow | null {
  if (!window) return null;
  const start = Date.parse(window.start);
  return offeredWindows(new Date()).find((offered) => Date.parse(offered.start) === start) ?? null;
}

/**
 * Create a task (/client/create, docs/product.md, Create task): choose an address, see the price, pay, and the task is created.
 * The form reads the user (for the e-mail and id), the prices (the fallback prices when the
 * price list fails) and the price table cached on the device, shown until the prices arrive
 * (payment waits for them); within the running app the route's loader has started them.
 */
export function CreateTaskScreen(props: CreateTaskScreenProps) {
  return (
    <section className="page create-task">
      <h1>{serviceDisplayName(props.serviceType)} Task</h1>
      <DeferredMount>
        <CreateTaskForm {...props} />
      </DeferredMount>
    </section>
  );
}

/**
 * Everything under the heading. Its queries are read here, not in the screen: a response
 * landing re-renders only what is mounted, so it cannot restart the deferred first render
 * of the form (the screen's largest paint) before that render has committed.
 */
function CreateTaskForm({
  serviceType,
  loadPayments,
  renderAddressSearch,
  renderCurrentLocation,
  renderMap,
  describePoint,
  bookAgain,
}: CreateTaskScreenProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const userQueryResult = useQuery(userQuery());
  const pricesQuery = useQuery(priceTableQuery());
  const cachedPrices = useQuery(cachedPriceTableQuery()).data ?? null;
  const user = userQueryResult.data?.data ?? null;
  const userFailure = user ? null : userQueryResult.error;
  const userError = userFailure
    ? failureText(userFailure, { noToken: MESSAGES.loginToContinue, failed: MESSAGES.userLoadFailed })
    : null;
  const prices = pricesQuery.data?.data ?? null;
  const pricesCachedAt = pricesQuery.data?.cachedAt ?? null;
  const isOnline = useOnline();
  const { place, choose, pinAt } = usePickedPlace(
    describePoint,
    bookAgain ? { address: bookAgain.address, lat: bookAgain.lat, lng: bookAgain.lng } : null,
  );
  const [addressDetails, setAddressDetails] = useState(bookAgain?.addressDetails ?? '');
  const [quantityInput, setQuantityInput] = useState(String(bookAgain?.quantity ?? 1));
  const [scheduledFor, setScheduledFor] = useState<ScheduledWindow | null>(() =>
    offeredWindowOf(bookAgain?.scheduledFor),
  );
  const [isBusy, setIsBusy] = useState(false);
  // A problem with the chosen place, shown under the address search as well as in its toast.
  const [placeError, setPlaceError] = useState<string | null>(null);
  const [toasts] = useState(createFlowToasts);
  // The phone's bottom sheet: one line until the client opens it; searching, pinning or typing details closes it.
  const [isSheetExpanded, setIsSheetExpanded] = useState(false);
  const collapseSheet = () => setIsSheetExpanded(false);
  const redirect = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const proceedButton = useRef<HTMLButtonElement>(null);
  const displayName = serviceDisplayName(serviceType);
  // The service and its price paint at once from the device's price list when there is one;
  // paying waits for the network's (or the worker's final) answer.
  const shownPrices = prices ?? cachedPrices;
  const price = shownPrices ? priceFor(shownPrices, serviceType) : null;
  const detailsRequired = place !== null && isApproximatePlace(place);
  const serviceArea = useQuery(serviceAreaQuery()).data ?? null;
  // Checked before any payment; the server checks again (an area that could not be fetched is its call).
  const outsideArea =
    place && serviceArea && !isInServiceArea(place, serviceArea.area) ? outsideAreaMessage(serviceArea.name) : null;
  const quantityRuleOfPrice = price ? quantityRule(price.unit) : null;
  const quantity = quantityRuleOfPrice ? Number(quantityInput) : 1;
  // What the client's plan still covers of this service this month pays first (the server spends it).
  const planStatus = useQuery(planStatusQuery()).data?.data ?? null;
  const planLeft = planStatus?.allowance.find((item) => item.service === serviceType)?.left ?? 0;
  // Whole steps of the service only (the server refuses a fraction of a step).
  const coveredQuantity = Number.isFinite(quantity)
    ? wholeSteps(Math.max(0, Math.min(planLeft, quantity)), quantityRuleOfPrice?.step ?? 1)
    : 0;
  const planName = planStatus ? (findPlan(planStatus.plan)?.name ?? planStatus.plan) : '';
  const [isUsingPoints, setIsUsingPoints] = useState(false);
  const unitKobo = price ? nairaToKobo(price.price) : 0;
  const dueKobo = price && Number.isFinite(quantity) ? timesQuantity(unitKobo, quantity - coveredQuantity) : 0;
  const pointsKobo = usablePoints(user?.balance ?? 0, dueKobo);
  const pointsUsed = isUsingPoints ? koboToNaira(pointsKobo) : 0;
  const isQuantityWrong = price !== null && quantityProblem(price.unit, quantity) !== null;
  const isFullyCovered = price !== null && coveredQuantity > 0 && coveredQuantity >= quantity && pointsUsed === 0;
  const proceed = proceedState({
    isBusy,
    hasLocation: place !== null,
    hasEmail: Boolean(user?.email),
    isLoadingPrices: prices === null,
    isOnline,
    isCovered: isFullyCovered,
    needsDetails: detailsRequired && addressDetails.trim() === '',
  });
  // The sheet's one line: what the card pays after the plan and the points, once the price is known.
  const sheetAmount = !price
    ? 'Loading price...'
    : isQuantityWrong
      ? `${formatNaira(price.price)} ${price.unit}`
      : formatKobo(dueKobo - (isUsingPoints ? pointsKobo : 0));
  // When the user could not be loaded, that (not 'Loading your account details...') is why payment waits.
  const reason = !user && userError && !isBusy ? userError : proceed.reason;

  // 'Failed to load user data' (or the server's message); without a token 'Please login to continue' and back to /.
  const hasNoToken = failureReason(userFailure) === 'no-token';
  useEffect(() => {
    if (userError) notify((toast) => toast.error(userError));
    if (hasNoToken) void navigate({ to: '/', replace: true });
  }, [userError, hasNoToken, navigate]);

  useEffect(() => () => clearTimeout(redirect.current), []);

  const onChoose = (choice: ChosenPlace) => {
    if (!choose(choice)) {
      toasts.error(MESSAGES.invalidAddress);
      setPlaceError(MESSAGES.invalidAddress);
      return;
    }
    if (choice.addressDetails) setAddressDetails(choice.addressDetails);
    setPlaceError(null);
  };

  const onPin = (point: Point) => {
    collapseSheet();
    const isAccepted = pinAt(point);
    if (!isAccepted) toasts.error(PIN_OUTSIDE_NIGERIA);
    else setPlaceError(null);
    return isAccepted;
  };

  const onProceed = async () => {
    // Paid at the price the network (or the worker's final answer) gave, never the device's early one.
    if (!prices) return;
    const price = priceFor(prices, serviceType);
    setIsBusy(true);
    // The payment toasts (and react-toastify) are not needed for the first paint; they load
    // here, beside the payment code, if the idle-time toast host has not loaded them yet.
    const { showPaidTaskOutcome, showProcessing } = await import('./booking/payment-toasts');
    let processing: Id | undefined;
    const result = await payForTask(
      {
        place,
        user,
        serviceType,
        price,
        addressDetails,
        quantity,
        scheduledFor,
        coveredQuantity,
        pointsUsed,
      },
      { loadPayments, submit: submitPaidTask, onPaid: () => (processing = showProcessing()) },
    );
    if (result.kind === 'paid') {
      // What the plan has left changed (the server spent it): Home reads it again.
      if (coveredQuantity > 0) void queryClient.invalidateQueries({ queryKey: planKeys.all });
      // The errors and notices of earlier attempts ('Payment window was closed') are stale now.
      toasts.dismissErrors();
      showPaidTaskOutcome(result.outcome, displayName, processing, result.awaitingTransfer, isFullyCovered);
      if (result.outcome.status === 'failed') setIsBusy(false);
      // Created: the client lands on the new task's page (the task joins the device's list first,
      // so the page opens at once). Kept to be sent when the connection is back: Home shows its
      // 'confirming' card in view.
      else if (result.outcome.status === 'created') {
        const task = result.outcome.task;
        if (user) {
          queryClient.setQueryData<QueryData<Task[]>>(tasksQuery(user._id).queryKey, (kept) =>
            kept && !kept.data.some((one) => one._id === task._id) ? { ...kept, data: [...kept.data, task] } : kept,
          );
          void queryClient.invalidateQueries({ queryKey: tasksQuery(user._id).queryKey });
        }
        redirect.current = setTimeout(
          () =>
            void navigate({
              to: '/client/tasks/$taskId',
              params: { taskId: task._id },
              state: { bookedReference: result.request.reference },
              // Back from the task goes where the booking started, not to a paid form.
              replace: true,
            }),
          SUCCESS_TOAST_MS,
        );
      } else
        redirect.current = setTimeout(
          () => void navigate({ to: '/client/home', state: { bookedReference: result.request.reference } }),
          SUCCESS_TOAST_MS,
        );
      return;
    }
    // The button is enabled again before focus goes back to it (Escape or Cancel in the checkout).
    flushSync(() => setIsBusy(false));
    proceedButton.current?.focus();
    if (result.kind === 'invalid') {
      toasts.error(result.message);
      if (result.message === MESSAGES.selectLocation) setPlaceError(result.message);
    } else if (result.kind === 'init-failed') toasts.error(MESSAGES.initFailed);
    else toasts.info(result.how === 'close' ? MESSAGES.windowClosed : MESSAGES.paymentCancelled);
  };

  return (
    <div className={isSheetExpanded ? 'create-task-layout is-sheet-expanded' : 'create-task-layout'}>
      <section className="create-task-panel create-task-search" aria-label="Task location" onFocus={collapseSheet}>
        {renderAddressSearch(onChoose, place?.address)}
        {placeError ? <p className="create-task-field-error">{placeError}</p> : null}
        {outsideArea ? (
          <p className="create-task-field-error" role="alert">
            {outsideArea}
          </p>
        ) : null}
        {renderCurrentLocation(onPin)}
        {place ? (
          <>
            <p className="create-task-coordinates">
              <span className="muted">Coordinates: </span>
              <span data-testid="selected-coordinates">{formatCoordinates(place, 6)}</span>
            </p>
            <p className="create-task-hint">{MOVE_PIN_HINT}</p>
          </>
        ) : null}
      </section>
      <section className="create-task-map" aria-label="Location map" onPointerDown={collapseSheet}>
        {place ? (
          renderMap(place, onPin)
        ) : (
          <p className="create-task-map-placeholder">Please type an address above to see the map</p>
        )}
      </section>
      <section className="create-task-panel create-task-details" aria-label="Address details" onFocus={collapseSheet}>
        <AddressDetailsField value={addressDetails} onChange={setAddressDetails} required={detailsRequired} />
        {place ? <SavePlace place={place} addressDetails={addressDetails} /> : null}
      </section>
      <SummarySheet
        isExpanded={isSheetExpanded}
        onExpandedChange={setIsSheetExpanded}
        serviceName={displayName}
        amount={sheetAmount}
        header={<h2 id="task-summary-title">Task Summary</h2>}
        footer={
          <div className="summary-sheet-footer">
            <button
              ref={proceedButton}
              type="button"
              className="button create-task-proceed"
              disabled={proceed.disabled || isQuantityWrong || outsideArea !== null}
              aria-describedby={reason ? 'proceed-reason' : undefined}
              onClick={() => void onProceed()}
            >
              {proceed.label}
            </button>
            {reason ? (
              <p id="proceed-reason" className="create-task-reason" aria-live="polite">
                {reason}
              </p>
            ) : null}
          </div>
        }
      >
        <OfflineMarker cachedAt={pricesCachedAt} />
        {/* The service is known at once; only what the price list says waits for it. */}
        <dl className="create-task-facts" aria-busy={price ? undefined : true}>
          <div>
            <dt>Service Type</dt>
            <dd>{displayName}</dd>
          </div>
          {place ? (
            <div className="create-task-fact-address">
              <dt>Address</dt>
              <dd className="create-task-address" data-testid="summary-address">
                {place.address}
              </dd>
            </div>
          ) : null}
          <div className="create-task-fact-half">
            <dt>Price</dt>
            <dd>{price ? formatNaira(price.price) : 'Loading...'}</dd>
          </div>
          <div className="create-task-fact-half">
            <dt>Pricing Unit</dt>
            <dd>{price ? price.unit : 'Loading...'}</dd>
          </div>
          {price ? (
            <>
              {quantityRuleOfPrice && !isQuantityWrong ? (
                <div>
                  <dt>Total</dt>
                  <dd>
                    {formatNaira(price.price)} x {quantityText(price.unit, quantity)} ={' '}
                    {formatKobo(timesQuantity(unitKobo, quantity))}
                  </dd>
                </div>
              ) : null}
              {coveredQuantity > 0 && !isQuantityWrong ? (
                <div>
                  <dt>To pay</dt>
                  <dd>
                    {formatKobo(dueKobo)}{' '}
                    <span className="create-task-covered">
                      {coveredQuantity >= quantity
                        ? `Covered by your ${planName} plan`
                        : `${quantityText(price.unit, coveredQuantity)} covered by your ${planName} plan`}
                    </span>
                  </dd>
                </div>
              ) : null}
            </>
          ) : null}
        </dl>
        {/* Recycling is paid by weight and earns points by weight: said next to the price. */}
        {serviceType === 'recycling' && price ? (
          <p className="create-task-recycling">
            You pay {formatNaira(price.price)} {price.unit} collected, and earn {POINTS_PER_KG} points per kg (each
            point is ₦1 off a later booking).
          </p>
        ) : null}
        <div className="create-task-choices">
          {/* Shown while the prices load, by the unit the service usually has: it does not push 'When?' down on arrival. */}
          <QuantityField
            unit={(price ?? priceFor(FALLBACK_PRICES, serviceType)).unit}
            value={quantityInput}
            onChange={setQuantityInput}
          />
          <WhenField value={scheduledFor} onChange={setScheduledFor} />
        </div>
        {pointsKobo > 0 && !isQuantityWrong ? (
          <label className="booking-choice">
            <input
              type="checkbox"
              checked={isUsingPoints}
              onChange={(event) => setIsUsingPoints(event.target.checked)}
            />
            Use {formatKoboAmount(pointsKobo)} points (−{formatKobo(pointsKobo)}); pay{' '}
            {formatKobo(dueKobo - pointsKobo)} by card
          </label>
        ) : null}
      </SummarySheet>
    </div>
  );
}
