-- Saved places (issue 26): a client's 'Home' and 'Work', on the server so every device of theirs
-- offers them. The last addresses used come from the client's tasks, not from this table.
create table places (
  user_id text not null references users(id) on delete cascade,
  label text not null check (label in ('home', 'work')),
  address text not null,
  lat double precision not null,
  lng double precision not null,
  address_details text not null default '',
  updated_at timestamptz not null default now(),
  primary key (user_id, label)
);
