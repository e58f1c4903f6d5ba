-- Positions older than POSITIONS_KEEP_DAYS are deleted by a job (server/jobs/position-jobs.ts),
-- oldest first through this index.
create index driver_positions_at_idx on driver_positions (at);

-- The last time a driver sent a point that cannot be true (faster than 150 km/h from the
-- previous stored point, or outside Nigeria), and how many such points in all: the console
-- flags the driver 'implausible positions' for a day after (issue 62).
alter table drivers add column implausible_at timestamptz;
alter table drivers add column implausible_points integer not null default 0;
