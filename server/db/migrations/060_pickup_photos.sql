-- Photo proof at pickup (issue 64, docs/driver.md 'Photo proof'): one photo a task, taken by
-- its driver before completing, shown on the client's receipt and the console's task. The
-- bytes are the app's shrunk JPEG or WebP (type judged by its first bytes, not its label).
create table task_photos (
  task_id text primary key references tasks(id) on delete cascade,
  driver_id text not null references drivers(id),
  content_type text not null check (content_type in ('image/jpeg', 'image/webp')),
  bytes bytea not null,
  -- A resend of the same photo after a lost answer is recognised by its digest.
  sha256 text not null,
  created_at timestamptz not null default now()
);
-- The per-driver daily quota counts a driver's photos of the last day.
create index task_photos_driver_day on task_photos (driver_id, created_at);

-- Bulk pickups need the photo (items at the door are disputed most); an admin may change it.
update pricing set pickup_photo = 'required' where key = 'bulk' and pickup_photo = 'off';
