/**
 * The offer: a full-screen card over any screen while the driver is online and an offer is
 * open, ringing and vibrating while it is open (Settings can silence it), with its countdown
 * on the server's clock (./clock.ts), the pickup, distance and pay, and Accept / Decline. The
 * card tells the server it is shown (POST /driver/offers/seen): the offer then lasts 30 s from
 * now, 45 s after it was made at most.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { acceptOffer, declineOffer, driverKeys, offerSeen } from '../lib/api/driver';
import { formatNaira } from '../lib/format';
import { failureMessage, readCallFailure } from '../shared/call-failure';
import type { DriverOffer } from '../shared/driver-contract';
import { quantityText, secondsLeft } from '../shared/driver-rules';
import { formatDistance } from '../shared/geo';
import { formatLagosTime } from '../shared/display-format';
import { measureClock, serverTime } from './clock';
import { startRinging } from './ring';
import { useDriverSettings } from './settings';
import { useGo } from './navigation';
import { useNow } from '../lib/use-now';

/** The earlier of two ISO times (the server may have shortened the offer since it was read). */
const earlier = (a: string, b: string) => (Date.parse(a) <= Date.parse(b) ? a : b);

export function OfferOverlay({ offers }: { offers: DriverOffer[] }) {
  const now = serverTime(useNow(250));
  const offer = offers.find((candidate) => Date.parse(candidate.expiresAt) > now);
  if (!offer) return null;
  return <OfferCard key={offer.taskId} offer={offer} now={now} />;
}

/** Tells the server the card is shown, once: the answer's end (shorter now) and time are the card's. */
function useSeen(offer: DriverOffer): string {
  const [seenEnd, setSeenEnd] = useState<string | null>(null);
  useEffect(() => {
    const sentAt = Date.now();
    offerSeen(offer.taskId).then(
      (seen) => {
        measureClock(seen.serverNow, sentAt);
        setSeenEnd(seen.expiresAt);
      },
      () => undefined,
    );
  }, [offer.taskId]);
  return seenEnd ? earlier(seenEnd, offer.expiresAt) : offer.expiresAt;
}

/** Rings while the card is open, unless the driver silenced offers in Settings. */
function useRing(open: boolean): void {
  const { ring } = useDriverSettings();
  useEffect(() => (ring && open ? startRinging() : undefined), [ring, open]);
}

function OfferCard({ offer, now }: { offer: DriverOffer; now: number }) {
  const queryClient = useQueryClient();
  const go = useGo();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const expiresAt = useSeen(offer);
  const open = Date.parse(expiresAt) > now;
  useRing(open);
  const left = secondsLeft(expiresAt, now);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  const answer = async (accept: boolean) => {
    setBusy(true);
    setError(null);
    try {
      if (accept) await acceptOffer(offer.taskId);
      else await declineOffer(offer.taskId);
      await queryClient.invalidateQueries({ queryKey: driverKeys.all });
      if (accept) go(`/tasks/${offer.taskId}`);
    } catch (error) {
      const failure = await readCallFailure(error);
      setError(failureMessage(failure, failure.kind === 'network' ? 'No network: try again.' : 'Could not answer.'));
      await queryClient.invalidateQueries({ queryKey: driverKeys.offers() });
    } finally {
      setBusy(false);
    }
  };

  // Ended on the server's clock (shortened when shown): the card goes before the next read of offers.
  if (!open) return null;
  return (
    <section
      className="driver-offer"
      role="dialog"
      aria-modal="true"
      aria-labelledby="offer-title"
      data-task-id={offer.taskId}
    >
      <p className="driver-offer-countdown" aria-live="off">
        <span data-testid="offer-seconds">{left}</span> s
      </p>
      <h1 id="offer-title" ref={heading} tabIndex={-1}>
        New pickup
      </h1>
      <p className="driver-offer-pay">{formatNaira(offer.earnings)}</p>
      <dl className="driver-facts">
        <dt>Service</dt>
        <dd>
          {offer.service.name}, {quantityText(offer.quantity, offer.unit)}
        </dd>
        <dt>Pickup</dt>
        <dd data-testid="offer-address" dir="auto">
          {offer.pickup.address}
        </dd>
        <dt>Distance</dt>
        <dd>{formatDistance(offer.distanceMeters)}</dd>
        <dt>When</dt>
        <dd>
          {offer.window
            ? `${formatLagosTime(Date.parse(offer.window.start))} to ${formatLagosTime(Date.parse(offer.window.end))}`
            : 'As soon as possible'}
        </dd>
      </dl>
      {error ? (
        <p role="alert" className="driver-error">
          {error}
        </p>
      ) : null}
      <div className="driver-offer-actions">
        <button
          type="button"
          className="driver-button driver-button-quiet"
          disabled={busy}
          onClick={() => answer(false)}
        >
          Decline
        </button>
        <button type="button" className="driver-button" disabled={busy} onClick={() => answer(true)}>
          Accept
        </button>
      </div>
    </section>
  );
}
