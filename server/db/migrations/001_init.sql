-- The reference API's schema. Portable PostgreSQL: PGlite and a real server run it alike.

create table users (
  id text primary key,
  email text not null unique,
  password_hash text not null,
  firstname text not null,
  lastname text not null,
  phonenumber text not null default '',
  bio text not null default '',
  avatar text not null default '',
  referral_code text not null unique,
  referred_by text references users(id),
  referral_rewarded boolean not null default false,
  notification boolean not null default false,
  balance numeric(14, 2) not null default 0,
  subscription_plan text,
  subscription_expires_at timestamptz,
  created_at timestamptz not null default now()
);

create table drivers (
  id text primary key,
  firstname text not null,
  lastname text not null,
  phone text not null default '',
  lng double precision not null,
  lat double precision not null,
  location_updated_at timestamptz not null default now()
);

create table pricing (
  id text primary key,
  service_name text not null unique,
  price numeric(14, 2) not null check (price >= 0),
  unit text not null
);

create table tasks (
  id text primary key,
  user_id text not null references users(id),
  status text not null default 'pending',
  reference text not null unique,
  address text not null,
  lng double precision not null,
  lat double precision not null,
  datetime timestamptz not null default now(),
  type text not null,
  service_name text not null,
  amount numeric(14, 2) not null,
  unit text not null,
  confirmation_code text not null,
  driver_id text references drivers(id),
  created_at timestamptz not null default now()
);
create index tasks_user_idx on tasks (user_id, created_at);

create table messages (
  id text primary key,
  task_id text not null references tasks(id),
  sender text not null check (sender in ('user', 'driver')),
  content text not null,
  client_id text,
  created_at timestamptz not null default clock_timestamp(),
  unique (task_id, client_id)
);
create index messages_task_idx on messages (task_id, created_at);

-- A payment reference pays for one thing only.
create table payment_uses (
  reference text primary key,
  purpose text not null check (purpose in ('task', 'subscription')),
  user_id text not null references users(id),
  amount_kobo bigint not null,
  created_at timestamptz not null default now()
);

-- The local test ledger (used when PAYSTACK_SECRET_KEY is not set).
create table test_payments (
  reference text primary key,
  amount_kobo bigint not null check (amount_kobo > 0),
  email text not null,
  user_id text references users(id),
  created_at timestamptz not null default now()
);

create table reset_codes (
  email text primary key,
  code_hash text not null,
  expires_at timestamptz not null,
  attempts integer not null default 0,
  verified_at timestamptz,
  used_at timestamptz,
  created_at timestamptz not null default now()
);

create table settings (
  key text primary key,
  value text not null
);
