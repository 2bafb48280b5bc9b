-- The forms' jobs as the runner has them (supabase/migrations/20261128200000_form_notifications_enabled.sql):
-- form-notifications is called every five minutes by campaign-jobs (the other two: 53-form-jobs-enabled).
begin;

select plan(1);

select results_eq(
  $$ select schedule, function_name, body, enabled from private.scheduled_jobs where name = 'form-notifications' $$,
  $$ values ('*/5 * * * *', 'campaign-jobs', '{}'::jsonb, true) $$,
  'form-notifications runs every five minutes through campaign-jobs'
);
select * from finish();
rollback;
