-- The services as data (issue 65, docs/product.md 'Prices'): the price list becomes the catalog.
-- Each row says what the app shows and how the service behaves, so a service is added or
-- changed by an admin (console, `npm run ops -- set-price`) without a deploy; every change is
-- in the audit trail and each price in pricing_history (the 7-day honour window).
alter table pricing add column key text;
-- The name the app shows ('Recycling Services'); service_name stays the price list's name.
alter table pricing add column display_name text;
-- The word after a number ('kg', 'items'); '' for a service booked one at a time.
alter table pricing add column unit_word text not null default '';
-- The quantity rule (null: booked one at a time, quantity 1).
alter table pricing add column min_quantity numeric(8, 2);
alter table pricing add column max_quantity numeric(8, 2);
alter table pricing add column quantity_step numeric(8, 2);
-- Points a client earns per kg collected (each point is ₦1).
alter table pricing add column points_per_kg integer not null default 0 check (points_per_kg >= 0);
-- The driver weighs (or counts) what is collected at the door.
alter table pricing add column weighed boolean not null default false;
alter table pricing add column pickup_photo text not null default 'off' check (pickup_photo in ('off', 'optional', 'required'));
-- The order of the app's service grid; a hidden service is not offered for new bookings.
alter table pricing add column position integer not null default 100;
alter table pricing add column active boolean not null default true;

update pricing set key = 'bulk', display_name = 'Bulk Waste Pickup', unit_word = 'items', min_quantity = 1,
  max_quantity = 50, quantity_step = 1, weighed = true, position = 3 where service_name = 'Bulk Waste Removal';
update pricing set key = 'garden', display_name = 'Land Mowing & Garden', unit_word = 'loads', min_quantity = 1,
  max_quantity = 10, quantity_step = 1, position = 4 where service_name = 'Garden Waste Collection';
update pricing set key = 'household', display_name = 'Household Waste Pickup', position = 2
  where service_name = 'Household Waste Pickup';
update pricing set key = 'laundry', display_name = 'Laundry & Dry Cleaning', unit_word = 'kg', min_quantity = 1,
  max_quantity = 200, quantity_step = 0.5, weighed = true, position = 5 where service_name = 'Laundry Service';
update pricing set key = 'office', display_name = 'Office & Commercial Cleaning', unit_word = 'hours', min_quantity = 1,
  max_quantity = 12, quantity_step = 1, position = 6 where service_name = 'Office Cleaning';
update pricing set key = 'recycling', display_name = 'Recycling Services', unit_word = 'kg', min_quantity = 1,
  max_quantity = 200, quantity_step = 0.5, points_per_kg = 10, weighed = true, position = 1
  where service_name = 'Recycling Collection';
-- Any other row an operator added by hand: its name as key and shown name, booked one at a time.
update pricing set key = lower(regexp_replace(trim(service_name), '[^A-Za-z0-9]+', '-', 'g')),
  display_name = service_name where key is null;
alter table pricing alter column key set not null;
alter table pricing alter column display_name set not null;
create unique index pricing_key on pricing (key);
alter table pricing add constraint pricing_quantity_rule check (
  (min_quantity is null and max_quantity is null and quantity_step is null)
  or (min_quantity > 0 and max_quantity >= min_quantity and quantity_step > 0));
