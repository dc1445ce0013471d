-- The role the caller had when a key was claimed, so a replay can tell whether the caller may still see that answer:
-- it is shown again only while their role holds every permission that role held (a manager demoted to worker gets a
-- refusal, not an order another worker's). A key claimed before this column existed takes its user's role as it is now.
alter table idempotency_keys add column role text;
update idempotency_keys k
   set role = coalesce((select u.role from user_registry u where u.id = k.user_id), 'worker');
alter table idempotency_keys alter column role set not null;
