import { useEffect, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { priceTableQuery } from '../../lib/api/pricing';
import { failureReason, failureText } from '../../lib/api/query-failure';
import { formatNaira } from '../../lib/format';
import { useOnline } from '../../lib/use-online';
import { formatNaira as formatKobo } from '../../shared/money';
import type { ScheduledWindow } from '../../shared/contract';
import { offeredWindows } from '../../shared/pickup-windows';
import { priceFor } from '../../shared/pricing';
import { isInServiceArea, outsideAreaMessage } from '../../shared/service-area';
import { serviceDisplayName } from '../../shared/service-names';
import { createFlowToasts } from '../../ui/flow-toasts';
import { notify } from '../../ui/toast-host';
import { DeferredMount } from '../../ui/deferred-mount';
import { MESSAGES, proceedState, isApproximatePlace, type SelectedPlace } from './booking/booking-rules';
import type { BookingQuote } from './booking/booking-quote';
import { BookingFacts } from './booking/booking-facts';
import { BookingSummary } from './booking/booking-summary';
import { TaskLocation } from './booking/task-location';
import { useBookingQuote } from './booking/use-booking-quote';
import { useBookTask } from './booking/use-book-task';
import type { Point } from './booking/use-picked-place';
import { useTaskPlace } from './booking/use-task-place';
import type { LoadTaskPayments } from './booking/pay-for-task';
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

/**
 * The booking's own fields, kept by react-hook-form: how much, when, the points and the address
 * details. The service comes from the route (the screen is keyed by it); the place and its
 * problem stay with the search and the map that pick it (`useTaskPlace`), and the sheet, the
 * busy state and the payment with the screen.
 */
interface BookingValues {
  quantityInput: string;
  /** A day's 2-hour window; null: as soon as possible. */
  scheduledFor: ScheduledWindow | null;
  isUsingPoints: boolean;
  addressDetails: string;
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
  // The catalog's name once the list is there (an admin's new service is named by it); no read of its own.
  const prices = useQuery({ ...priceTableQuery(), enabled: false }).data?.data;
  return (
    <section className="page create-task">
      <h1>{serviceDisplayName(props.serviceType, prices)} Task</h1>
      <DeferredMount>
        <CreateTaskForm {...props} />
      </DeferredMount>
    </section>
  );
}

/**
 * Everything under the heading: the place, the summary and the payment. Its queries are read
 * here (`useBookingQuote`), not in the screen: a response landing re-renders only what is
 * mounted, so it cannot restart the deferred first render of the form (the screen's largest
 * paint) before that render has committed.
 */
function CreateTaskForm(props: CreateTaskScreenProps) {
  const { serviceType, bookAgain } = props;
  const isOnline = useOnline();
  // 'Book again' starts from the earlier task's quantity, details and (still offered) window.
  const [defaultValues] = useState<BookingValues>(() => ({
    quantityInput: String(bookAgain?.quantity ?? 1),
    scheduledFor: offeredWindowOf(bookAgain?.scheduledFor),
    isUsingPoints: false,
    addressDetails: bookAgain?.addressDetails ?? '',
  }));
  // No resolver: the booking's rules (the quantity, the details an approximate place needs, the
  // area) are said as the client chooses, beside the field or as why 'Proceed to Payment' is
  // disabled, and the payment checks the booking again.
  const form = useForm<BookingValues>({ defaultValues, reValidateMode: 'onSubmit', shouldFocusError: false });
  const { quantityInput, scheduledFor, isUsingPoints, addressDetails } = form.watch();
  const [toasts] = useState(createFlowToasts);
  // The phone's bottom sheet: one line until the client opens it; searching, pinning or typing details closes it.
  const [isSheetExpanded, setIsSheetExpanded] = useState(false);
  const collapseSheet = () => setIsSheetExpanded(false);
  const { place, placeError, setPlaceError, onChoose, onPin } = useTaskPlace({
    describePoint: props.describePoint,
    initial: bookAgain,
    toasts,
    onPinned: collapseSheet,
    onDetails: (details) => form.setValue('addressDetails', details),
  });
  const { user, userFailure, prices, pricesCachedAt, serviceArea, quote } = useBookingQuote(
    serviceType,
    quantityInput,
    isUsingPoints,
  );
  const displayName = serviceDisplayName(serviceType, prices ?? undefined);
  const { isBusy, proceedButton, book } = useBookTask({
    loadPayments: props.loadPayments,
    displayName,
    toasts,
    onPlaceError: setPlaceError,
  });
  const userError = useUserError(userFailure);
  const detailsRequired = place !== null && isApproximatePlace(place);
  // Checked before any payment; the server checks again (an area that could not be fetched is its call).
  const outsideArea =
    place && serviceArea && !isInServiceArea(place, serviceArea.area) ? outsideAreaMessage(serviceArea.name) : null;
  const proceed = proceedState({
    isBusy,
    hasLocation: place !== null,
    hasEmail: Boolean(user?.email),
    isLoadingPrices: prices === null,
    isOnline,
    isCovered: quote.isFullyCovered,
    needsDetails: detailsRequired && addressDetails.trim() === '',
  });

  // Paid at the price the network (or the worker's final answer) gave, never the device's early one;
  // the quote brings the quantity, what the plan covers and the points used.
  const onProceed = form.handleSubmit((values) => {
    if (!prices) return;
    const price = priceFor(prices, serviceType);
    void book(
      {
        ...quote,
        place,
        user,
        serviceType,
        price,
        addressDetails: values.addressDetails,
        scheduledFor: values.scheduledFor,
      },
      quote.isFullyCovered,
    );
  });

  return (
    <div className={isSheetExpanded ? 'create-task-layout is-sheet-expanded' : 'create-task-layout'}>
      <TaskLocation
        place={place}
        addressSearch={props.renderAddressSearch(onChoose, place?.address)}
        currentLocation={props.renderCurrentLocation(onPin)}
        renderMap={props.renderMap}
        onPin={onPin}
        placeError={placeError}
        outsideArea={outsideArea}
        addressDetails={addressDetails}
        onAddressDetailsChange={(typed) => form.setValue('addressDetails', typed)}
        detailsRequired={detailsRequired}
        onUse={collapseSheet}
      />
      <BookingSummary
        isExpanded={isSheetExpanded}
        onExpandedChange={setIsSheetExpanded}
        displayName={displayName}
        serviceType={serviceType}
        quote={quote}
        amount={sheetAmount(quote)}
        facts={<BookingFacts displayName={displayName} place={place} quote={quote} />}
        pricesCachedAt={pricesCachedAt}
        quantityInput={quantityInput}
        onQuantityChange={(typed) => form.setValue('quantityInput', typed)}
        scheduledFor={scheduledFor}
        onScheduledForChange={(window) => form.setValue('scheduledFor', window)}
        isUsingPoints={isUsingPoints}
        onUsingPointsChange={(isUsing) => form.setValue('isUsingPoints', isUsing)}
        proceed={{
          label: proceed.label,
          disabled: proceed.disabled || quote.isQuantityWrong || outsideArea !== null,
          // When the user could not be loaded, that (not 'Loading your account details...') is why payment waits.
          reason: !user && userError && !isBusy ? userError : proceed.reason,
        }}
        proceedButton={proceedButton}
        onProceed={() => void onProceed()}
      />
    </div>
  );
}

/** The sheet's one line: what the card pays after the plan and the points, once the price is known. */
function sheetAmount({ price, isQuantityWrong, cardKobo }: BookingQuote): string {
  if (!price) return 'Loading price...';
  return isQuantityWrong ? `${formatNaira(price.price)} ${price.unit}` : formatKobo(cardKobo);
}

/**
 * 'Failed to load user data' (or the server's message) in a toast, and the text for the
 * button's reason; without a token 'Please login to continue' and back to /.
 */
function useUserError(userFailure: Error | null): string | null {
  const navigate = useNavigate();
  const userError = userFailure
    ? failureText(userFailure, { noToken: MESSAGES.loginToContinue, failed: MESSAGES.userLoadFailed })
    : null;
  const hasNoToken = failureReason(userFailure) === 'no-token';
  useEffect(() => {
    if (userError) notify((toast) => toast.error(userError));
    if (hasNoToken) void navigate({ to: '/', replace: true });
  }, [userError, hasNoToken, navigate]);
  return userError;
}
