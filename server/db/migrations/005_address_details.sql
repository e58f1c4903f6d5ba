-- Address details of a task (house number, gate, landmark: at most 200 characters, checked by
-- the API). Older tasks and older clients have none: the empty string.
alter table tasks add column address_details text not null default '';
