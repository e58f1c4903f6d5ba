-- The plans as data (issue 65, docs/product.md 'Plans'): what each plan costs, how long it
-- runs and what it includes each month are rows the admin edits (console, `npm run ops --
-- set-plan`), each change in the audit trail. A change applies to new subscriptions only: a
-- subscription keeps the terms it was bought with (users.subscription_terms).
create table plans (
  key text primary key check (key ~ '^[a-z0-9][a-z0-9-]{0,39}$'),
  name text not null check (length(name) between 1 and 60),
  price_kobo bigint not null check (price_kobo > 0),
  -- Calendar months (31 January + 1 month is 28/29 February: docs/product.md 'Plans').
  duration_months integer not null check (duration_months between 1 and 24),
  -- The card's lines ('priority support'), in order.
  features jsonb not null default '[]',
  -- What each plan month includes: [{service (catalog key), amount, unit ('' | 'kg' | 'h'), label, short?}].
  inclusions jsonb not null default '[]',
  -- Gold and Platinum today: the weekly report (home and the Monday e-mail), the dedicated manager.
  weekly_reports boolean not null default false,
  manager boolean not null default false,
  position integer not null default 100,
  -- A hidden plan is not offered; those who bought it keep it.
  active boolean not null default true,
  updated_at timestamptz not null default now()
);

insert into plans (key, name, price_kobo, duration_months, features, inclusions, weekly_reports, manager, position) values
  ('bronze', 'Bronze', 5000000, 1, '["waste pickup", "dry cleaning", "basic support"]',
   '[{"service": "household", "amount": 20, "unit": "", "label": "household waste pickups", "short": "pickups"},
     {"service": "laundry", "amount": 30, "unit": "kg", "label": "laundry & dry cleaning"}]', false, false, 1),
  ('silver', 'Silver', 9500000, 2, '["waste pickup", "dry cleaning", "priority support"]',
   '[{"service": "household", "amount": 16, "unit": "", "label": "household waste pickups", "short": "pickups"},
     {"service": "bulk", "amount": 2, "unit": "", "label": "bulk items"},
     {"service": "laundry", "amount": 30, "unit": "kg", "label": "laundry & dry cleaning"}]', false, false, 2),
  ('gold', 'Gold', 30000000, 2, '["all services", "24/7 support", "weekly reports"]',
   '[{"service": "household", "amount": 20, "unit": "", "label": "household waste pickups", "short": "pickups"},
     {"service": "bulk", "amount": 4, "unit": "", "label": "bulk items"},
     {"service": "recycling", "amount": 50, "unit": "kg", "label": "recycling"},
     {"service": "laundry", "amount": 40, "unit": "kg", "label": "laundry & dry cleaning"},
     {"service": "garden", "amount": 4, "unit": "", "label": "garden loads"},
     {"service": "office", "amount": 8, "unit": "h", "label": "office cleaning"}]', true, false, 3),
  ('platinum', 'Platinum', 50000000, 3, '["all services", "VIP support", "weekly reports", "dedicated manager"]',
   '[{"service": "household", "amount": 30, "unit": "", "label": "household waste pickups", "short": "pickups"},
     {"service": "bulk", "amount": 8, "unit": "", "label": "bulk items"},
     {"service": "recycling", "amount": 100, "unit": "kg", "label": "recycling"},
     {"service": "laundry", "amount": 60, "unit": "kg", "label": "laundry & dry cleaning"},
     {"service": "garden", "amount": 8, "unit": "", "label": "garden loads"},
     {"service": "office", "amount": 16, "unit": "h", "label": "office cleaning"}]', true, true, 4);

-- The terms a subscription was bought with (the plan row as it was then, in the API's shape
-- with kobo): its allowance and name stay what was paid for when the admin changes the plan.
alter table users add column subscription_terms jsonb;
update users u set subscription_terms = jsonb_build_object(
    'key', p.key, 'name', p.name, 'priceKobo', p.price_kobo, 'durationMonths', p.duration_months,
    'features', p.features, 'inclusions', p.inclusions, 'weeklyReports', p.weekly_reports, 'manager', p.manager)
  from plans p where p.key = lower(u.subscription_plan);
