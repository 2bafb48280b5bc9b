-- Scheduled work (docs/campaign-engine.md «Scheduled work»): one list of jobs, two runners.
--
-- private.scheduled_jobs says which edge function to call, with which body, on which cron schedule
-- (five fields, UTC, as pg_cron reads them). Areas register their jobs by inserting rows in their own
-- migrations.
-- - Hosted Supabase: where pg_cron is installed, a trigger keeps cron.job in step with the list, and
--   each run calls the function through pg_net with the project URL and service key from Vault
--   (secrets `project_url` and `service_role_key`).
-- - The embedded platform has no pg_cron: its scheduler (supabase/local/scheduler) reads the same
--   list every minute and calls the same functions.

create table private.scheduled_jobs (
  name text primary key check (name ~ '^[a-z][a-z0-9-]{1,62}$'),
  -- minute hour day-of-month month day-of-week, UTC.
  schedule text not null check (schedule ~ '^\S+ \S+ \S+ \S+ \S+$'),
  function_name text not null check (function_name ~ '^[a-z][a-z0-9-]{1,62}$'),
  body jsonb not null default '{}' check (jsonb_typeof(body) = 'object'),
  enabled boolean not null default true,
  description text not null check (btrim(description) <> '')
);

comment on table private.scheduled_jobs is
  'Jobs that call an edge function on a cron schedule (UTC): pg_cron + pg_net on hosted Supabase, the embedded platform''s scheduler locally.';

-- The HTTP call one run makes (hosted only: pg_net and Vault are Supabase's).
create or replace function private.call_scheduled_job(job_name text)
returns bigint
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  job private.scheduled_jobs;
  project_url text;
  service_key text;
  request_id bigint;
begin
  select * into job from private.scheduled_jobs where name = job_name and enabled;
  if not found then
    return null;
  end if;
  select decrypted_secret into project_url from vault.decrypted_secrets where name = 'project_url';
  select decrypted_secret into service_key from vault.decrypted_secrets where name = 'service_role_key';
  if project_url is null or service_key is null then
    raise exception 'scheduled job %: Vault needs the secrets project_url and service_role_key', job_name;
  end if;
  select net.http_post(
    url := rtrim(project_url, '/') || '/functions/v1/' || job.function_name,
    headers := jsonb_build_object('Content-Type', 'application/json', 'Authorization', 'Bearer ' || service_key),
    body := job.body || jsonb_build_object('job', job.name)
  ) into request_id;
  return request_id;
end;
$$;

comment on function private.call_scheduled_job(text) is
  'Hosted Supabase: calls the job''s edge function through pg_net with the service key from Vault; pg_cron runs it.';
revoke execute on function private.call_scheduled_job(text) from public, anon, authenticated;

-- Keeps pg_cron's jobs in step with the list, where pg_cron exists; elsewhere does nothing.
create or replace function private.sync_scheduled_job()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not exists (select 1 from pg_catalog.pg_extension where extname = 'pg_cron') then
    return null;
  end if;
  if tg_op in ('UPDATE', 'DELETE') and exists (select 1 from cron.job where jobname = old.name) then
    perform cron.unschedule(old.name);
  end if;
  if tg_op in ('INSERT', 'UPDATE') and new.enabled then
    perform cron.schedule(new.name, new.schedule, format('select private.call_scheduled_job(%L)', new.name));
  end if;
  return null;
end;
$$;

comment on function private.sync_scheduled_job() is
  'Trigger: schedules, reschedules or unschedules the pg_cron job of a scheduled_jobs row (no-op without pg_cron).';
revoke execute on function private.sync_scheduled_job() from public, anon, authenticated;

create trigger scheduled_jobs_sync
  after insert or update or delete on private.scheduled_jobs
  for each row
  execute function private.sync_scheduled_job();
