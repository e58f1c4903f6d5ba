-- When the task's driver arrived (issue 48): set by the server once the driver is within 100 m
-- of the task's pin, or by the operator ('npm run ops -- arrive'); the status stays as it is.
-- A new driver, or the task going back to pending, clears it.
alter table tasks add column arrived_at timestamptz;
