import { useQuery } from '@tanstack/react-query';
import { planStatusQuery } from '../../lib/api/plan';
import { formatLagosDay } from '../../shared/display-format';
import { planNameOf } from '../../shared/plans';

/** 'Mon 23 Nov' from the week's Monday ('2026-11-23'), at noon Lagos so the day never slips. */
const weekLabel = (weekStart: string) => formatLagosDay(Date.parse(`${weekStart}T11:00:00Z`));

/**
 * The weekly report of a plan that has one (Gold's and Platinum's) in the app, not only by e-mail: the last 8 weeks'
 * completed pickups and kg recycled, this week first. Nothing for the other plans.
 */
export function WeeklyReport() {
  const status = useQuery(planStatusQuery()).data?.data;
  const weeks = status?.weeks;
  if (!status || !weeks || weeks.length === 0) return null;
  return (
    <section className="points-weekly" aria-labelledby="points-weekly-title">
      <h2 id="points-weekly-title">Your weekly report</h2>
      <p className="muted">The last 8 weeks with your {planNameOf(status)} plan, as in the Monday e-mail.</p>
      <table className="points-weekly-table">
        <thead>
          <tr>
            <th scope="col">Week from</th>
            <th scope="col">Pickups</th>
            <th scope="col">Recycled</th>
          </tr>
        </thead>
        <tbody>
          {weeks.map((week, index) => (
            <tr key={week.weekStart}>
              <th scope="row">{index === 0 ? 'This week' : weekLabel(week.weekStart)}</th>
              <td>{week.pickups}</td>
              <td>{`${Number(week.kg.toFixed(2))} kg`}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
