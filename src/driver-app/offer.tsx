/**
 * The offer: a full-screen card over any screen while the driver is online and an offer is
 * open, with its 30 s countdown (from the server's expiresAt), the pickup, distance and pay,
 * and Accept / Decline. A new offer vibrates and beeps.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { acceptOffer, declineOffer, driverKeys } from '../lib/api/driver';
import { formatNaira } from '../lib/format';
import { failureMessage, readCallFailure } from '../shared/call-failure';
import type { DriverOffer } from '../shared/driver-contract';
import { secondsLeft } from '../shared/driver-rules';
import { formatDistance } from '../shared/geo';
import { formatLagosTime } from '../shared/display-format';
import { alertNewOffer } from './alert';
import { useGo } from './navigation';
import { useNow } from '../lib/use-now';

export function OfferOverlay({ offers }: { offers: DriverOffer[] }) {
  const now = useNow(250);
  const open = offers.filter((offer) => secondsLeft(offer.expiresAt, now) > 0);
  const offer = open[0];
  const alerted = useRef<string | null>(null);
  useEffect(() => {
    if (offer && alerted.current !== offer.taskId) {
      alerted.current = offer.taskId;
      alertNewOffer();
    }
  }, [offer]);
  if (!offer) return null;
  return <OfferCard key={offer.taskId} offer={offer} now={now} />;
}

function OfferCard({ offer, now }: { offer: DriverOffer; now: number }) {
  const queryClient = useQueryClient();
  const go = useGo();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const left = secondsLeft(offer.expiresAt, now);
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
          {offer.service.name}, {offer.quantity} {offer.unit.replace(/^per /, '')}
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
