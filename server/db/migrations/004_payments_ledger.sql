-- Money is never lost: what the payment provider confirmed, what could not become a task,
-- and the history needed to honour a charge fairly (old prices, old e-mail addresses).

-- Charges the provider confirmed: by Paystack's webhook (charge.success), by its verify API,
-- or by the local test ledger. One row per reference; a redelivered event changes nothing.
create table charges (
  reference text primary key,
  provider text not null check (provider in ('paystack', 'test-ledger')),
  amount_kobo bigint not null check (amount_kobo >= 0),
  currency text not null,
  email text not null,
  -- The test ledger records who paid; Paystack gives only the customer's e-mail.
  payer_user_id text references users(id) on delete set null,
  paid_at timestamptz,
  confirmed_by text not null check (confirmed_by in ('webhook', 'verify')),
  -- The checkout's metadata (service, address), so that an operator can act on a charge
  -- whose booking never arrived. Never card data.
  metadata jsonb,
  received_at timestamptz not null default now()
);
create index charges_received_idx on charges (received_at);

-- A charged (or claimed) reference that could not become a task or a subscription, with the
-- reason and the client's request, until an operator settles it (npm run ops -- payments).
create table payments_needing_attention (
  reference text primary key,
  purpose text check (purpose in ('task', 'subscription')),
  user_id text references users(id) on delete set null,
  reason text not null,
  request jsonb,
  first_seen_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  attempts integer not null default 1,
  settled_at timestamptz,
  -- 'honoured' (the task or plan was given) or the operator's note (e.g. refunded).
  settlement text
);
create index payments_needing_attention_open_idx on payments_needing_attention (first_seen_at) where settled_at is null;

-- Every price a service has had, so that a charge for a price the client was shown a little
-- earlier can be honoured. Written by a trigger, whoever changes the price list.
create table pricing_history (
  id bigint generated always as identity primary key,
  service_name text not null,
  price numeric(14, 2) not null,
  changed_at timestamptz not null default clock_timestamp()
);
create index pricing_history_service_idx on pricing_history (service_name, changed_at);

create function record_price_change() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' or new.price is distinct from old.price or new.service_name is distinct from old.service_name then
    insert into pricing_history (service_name, price) values (new.service_name, new.price);
  end if;
  return new;
end
$$;

create trigger pricing_history_on_change after insert or update on pricing
  for each row execute function record_price_change();

insert into pricing_history (service_name, price) select service_name, price from pricing;

-- Every e-mail address an account has held and when, so that a payment made with the
-- address a client had when paying stays theirs after they change it (and never becomes
-- the next holder's). Written by a trigger on users.
create table user_email_history (
  user_id text not null references users(id) on delete cascade,
  email text not null,
  held_from timestamptz not null,
  held_until timestamptz
);
create index user_email_history_email_idx on user_email_history (email);

create function record_email_change() returns trigger language plpgsql as $$
begin
  if tg_op = 'UPDATE' then
    if new.email is not distinct from old.email then
      return new;
    end if;
    update user_email_history set held_until = clock_timestamp() where user_id = new.id and held_until is null;
  end if;
  insert into user_email_history (user_id, email, held_from) values (new.id, new.email, clock_timestamp());
  return new;
end
$$;

create trigger users_email_history_on_change after insert or update of email on users
  for each row execute function record_email_change();

insert into user_email_history (user_id, email, held_from) select id, email, created_at from users;
