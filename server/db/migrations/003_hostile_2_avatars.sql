-- Avatars move out of the users row into their own table, served at GET /avatars/<id>: a
-- user's data no longer carries up to 2.8 MB of base64 in every userdata and login answer.
-- The id is random and changes with every new picture, so the URL can be cached for good.
create table avatars (
  id text primary key,
  user_id text not null unique references users(id) on delete cascade,
  content_type text not null,
  bytes bytea not null,
  created_at timestamptz not null default now()
);

alter table users add column avatar_id text;

insert into avatars (id, user_id, content_type, bytes)
select gen_random_uuid()::text, id,
       substring(avatar from 6 for position(';' in avatar) - 6),
       decode(substring(avatar from position(',' in avatar) + 1), 'base64')
from users
where avatar like 'data:image/%;base64,%';

update users set avatar_id = (select avatars.id from avatars where avatars.user_id = users.id);

alter table users drop column avatar;
