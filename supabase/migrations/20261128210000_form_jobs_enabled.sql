-- The campaign-jobs function now runs form-confirmations and form-digests (jobs/form-*.ts): their rows,
-- registered disabled with the forms, start calling them.

-- The responses a daily digest lists: when each came and who sent it (the person's name and e-mail,
-- when they gave them), in the order they came, the first input_limit of them. The digest's claim
-- returns only the ids. Security definer: reads the people's contact for the service role's job.
create or replace function public.form_digest_responses(input_response_ids uuid[], input_limit integer default 10)
returns table (response_id uuid, submitted_at timestamptz, name text, email text)
language sql
stable
security definer
set search_path = ''
as $$
  select r.id, r.submitted_at, p.name, p.email
  from public.forms_responses as r
  left join public.participants as p on p.id = r.participant_id
  where r.id = any (input_response_ids)
  order by r.submitted_at, r.id
  limit least(greatest(coalesce(input_limit, 10), 1), 100);
$$;

comment on function public.form_digest_responses(uuid[], integer) is
  'Service role (form-digests job): the first input_limit of a digest''s responses with their time and the person''s name and e-mail.';
revoke execute on function public.form_digest_responses(uuid[], integer) from public, anon, authenticated;
grant execute on function public.form_digest_responses(uuid[], integer) to service_role;

update private.scheduled_jobs set enabled = true where name in ('form-confirmations', 'form-digests');
