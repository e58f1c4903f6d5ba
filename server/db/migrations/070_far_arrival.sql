-- Issue 63: a driver's 'I've arrived' refused because they were farther than ARRIVAL_RADIUS_M
-- from the pin puts the task in the board's Needs attention lane until the driver arrives.
--   far_arrival_at  when the newest such refusal was (null: none for this driver)
--   far_arrival_m   how far the driver was then, in metres
alter table tasks add column far_arrival_at timestamptz;
alter table tasks add column far_arrival_m integer;
