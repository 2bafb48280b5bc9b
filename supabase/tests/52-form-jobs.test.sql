-- The forms' jobs as the runner has them (supabase/migrations/20261128200000_form_notifications_enabled.sql):
-- form-notifications is called every five minutes by campaign-jobs; the two without a runner wait.
begin;

select plan(2);

select results_eq(
  $$ select schedule, function_name, body, enabled from private.scheduled_jobs where name = 'form-notifications' $$,
  $$ values ('*/5 * * * *', 'campaign-jobs', '{}'::jsonb, true) $$,
  'form-notifications runs every five minutes through campaign-jobs'
);
select results_eq(
  $$ select count(*)::integer from private.scheduled_jobs where name in ('form-confirmations', 'form-digests') and enabled $$,
  $$ values (0) $$,
  'the confirmations and digests stay off until their runners exist'
);

select * from finish();
rollback;
