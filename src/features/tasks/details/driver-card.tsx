import type { DriverSummary } from '../../../shared/contract';
import { Avatar } from '../../../ui/avatar';
import { driverName } from './call-driver';

/** Who is coming: photo (initials when none), name, vehicle, plate, rating and phone (grouped: '+234 805 214 0917'). */
export function DriverCard({ driver, phone = '' }: { driver: DriverSummary; phone?: string }) {
  const name = driverName(driver) || 'Your driver';
  const rating = driver.rating;
  return (
    <section className="task-driver" aria-labelledby="task-driver-title">
      <h3 id="task-driver-title" className="task-section-title">
        Who is coming
      </h3>
      <div className="task-driver-card">
        <Avatar src={driver.photoUrl} firstName={driver.firstname} lastName={driver.lastname} size={56} />
        <div className="task-driver-facts">
          <p className="task-driver-name">{name}</p>
          {driver.vehicle ? <p className="task-driver-vehicle">{driver.vehicle}</p> : null}
          {driver.plate ? (
            <p className="task-driver-plate">
              <span className="sr-only">Plate </span>
              {driver.plate}
            </p>
          ) : null}
          {rating && rating.count > 0 ? (
            <p className="task-driver-rating">
              <span aria-hidden="true">★ </span>
              {`${rating.average.toFixed(1)} out of 5 (${rating.count} ${rating.count === 1 ? 'rating' : 'ratings'})`}
            </p>
          ) : (
            <p className="task-driver-rating muted">No ratings yet</p>
          )}
          {phone ? (
            <p className="task-driver-phone">
              <span className="sr-only">Phone </span>
              {phone}
            </p>
          ) : null}
        </div>
      </div>
    </section>
  );
}
