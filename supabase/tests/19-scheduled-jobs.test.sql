-- Scheduled jobs (supabase/migrations/20261126090000_scheduled_jobs.sql): the list both runners read.
-- Without pg_cron (the embedded platform, this test database) the list is plain data.
begin;

select plan(8);

select has_table('private', 'scheduled_jobs', 'the list of scheduled jobs exists');
select lives_ok(
  $$ insert into private.scheduled_jobs (name, schedule, function_name, body, description)
     values ('example-reminders', '*/5 * * * *', 'campaign-jobs', '{"task": "reminders"}', 'Daily door reminders') $$,
  'a job is registered (no pg_cron here: nothing else happens)'
);
select lives_ok(
  $$ update private.scheduled_jobs set enabled = false where name = 'example-reminders' $$,
  'and switched off'
);
select throws_ok(
  $$ insert into private.scheduled_jobs (name, schedule, function_name, description)
     values ('bad-schedule', '*/5 * * *', 'campaign-jobs', 'Four fields') $$,
  '23514', null, 'a schedule has five fields'
);
select throws_ok(
  $$ insert into private.scheduled_jobs (name, schedule, function_name, body, description)
     values ('bad-body', '0 * * * *', 'campaign-jobs', '[]', 'Not an object') $$,
  '23514', null, 'the body is a JSON object'
);
select is(private.call_scheduled_job('example-reminders'), null, 'a switched-off job makes no call');
select ok(
  not has_function_privilege('authenticated', 'private.call_scheduled_job(text)', 'execute')
    and not has_function_privilege('anon', 'private.call_scheduled_job(text)', 'execute'),
  'no client can make a job call'
);
select ok(
  not has_table_privilege('authenticated', 'private.scheduled_jobs', 'select')
    and not has_table_privilege('anon', 'private.scheduled_jobs', 'select'),
  'no client reads the list'
);

select * from finish();
rollback;
