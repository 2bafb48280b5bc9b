-- Questions before booking (docs/booking.md «Spørsmål før bestilling»): a service may ask the
-- questions of one of the organization's forms. The choice is per service, not per solution: a
-- plumber's «Befaring» asks about the job, «Service på varmepumpe» about the pump, a haircut nothing.
--
-- - booking_services.form_id: the form (same organization; the form's deletion clears it).
-- - The public page reads the questions with booking_service_questions (the form's latest published
--   version, unless the form is archived); the booking function checks the answers against that
--   version with the forms engine (supabase/functions/_shared/forms, as submit-form does) and passes
--   only the cleaned answers.
-- - bookings.form_version_id: the version the answers answer, stamped by the trigger below, which
--   also refuses answers any writer puts in that the version does not ask (booking-answers-invalid).
--   The engine's whole check (required, visibility, types) is TypeScript and runs in the function:
--   the database holds what every path must respect, the ids.
-- - booking_answer_list(bookings): the answers as the person saw the questions, for the organization.

alter table public.booking_services add column form_id uuid null;
alter table public.booking_services add constraint booking_services_form_fkey
  foreign key (form_id, organization_id) references public.forms (id, organization_id) on delete set null (form_id);
create index booking_services_form_id_idx on public.booking_services (form_id, organization_id);
comment on column public.booking_services.form_id is
  'The form whose questions the public page asks before booking (its latest published version; none while archived).';
grant update (form_id) on public.booking_services to authenticated;

alter table public.bookings add column form_version_id uuid null
  references public.forms_versions (id) on delete set null;
create index bookings_form_version_id_idx on public.bookings (form_version_id);
comment on column public.bookings.form_version_id is 'The form version the booking''s answers answer (stamped on insert).';

-- The version a service asks now: its form's latest published one, unless the form is archived.
create or replace function private.booking_questions_version(service_id uuid)
returns public.forms_versions
language sql
stable
set search_path = ''
as $$
  select v.*
  from public.booking_services as s
  join public.forms as f on f.id = s.form_id and f.archived_at is null
  cross join lateral private.form_latest_version(f.id) as v
  where s.id = booking_questions_version.service_id and v.id is not null;
$$;

comment on function private.booking_questions_version(uuid) is
  'The form version a booking service asks before booking: its form''s latest published one, unless archived; null: no questions.';
revoke execute on function private.booking_questions_version(uuid) from public, anon, authenticated;

-- Public (anon): the questions of a published solution's active service, null when it asks none.
create or replace function public.booking_service_questions(input_solution_id uuid, input_service_id uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  solution public.booking_solutions := private.published_booking_solution(input_solution_id);
  version public.forms_versions;
begin
  if not exists (select 1 from public.booking_services as s
                 where s.id = input_service_id and s.solution_id = solution.id and s.active) then
    raise exception using errcode = 'PT404', message = 'booking-service-not-found';
  end if;
  version := private.booking_questions_version(input_service_id);
  if version.id is null then
    return null;
  end if;
  return jsonb_build_object('form_id', version.form_id, 'version_id', version.id, 'definition', version.definition);
end;
$$;

comment on function public.booking_service_questions(uuid, uuid) is
  'Public: the questions a published solution''s active service asks before booking ({ form_id, version_id, definition }), null when none; booking-not-found, booking-service-not-found.';
revoke execute on function public.booking_service_questions(uuid, uuid) from public, anon, authenticated;
grant execute on function public.booking_service_questions(uuid, uuid) to anon, authenticated, service_role;

-- Trigger: an insert answers the version its service asks now (stamped); with a version, every
-- answered id must be a question of it (not a statement, a hidden value or a file: a booking claims
-- no upload).
-- Security definer: whoever writes (the service role too) reads the service's form through it.
create or replace function private.bookings_check_answers()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  definition jsonb;
begin
  if tg_op = 'INSERT' then
    select v.id, v.definition into new.form_version_id, definition
    from private.booking_questions_version(new.service_id) as v;
  else
    select v.definition into definition from public.forms_versions as v where v.id = new.form_version_id;
  end if;
  -- Without a version the answers are the writer's free notes (the function sends none for a
  -- service without questions).
  if definition is not null and exists (
    select 1 from jsonb_object_keys(new.answers) as a (id)
    where not exists (
      select 1
      from jsonb_array_elements(coalesce(definition -> 'pages', '[]')) as page,
        jsonb_array_elements(coalesce(page -> 'blocks', '[]')) as block
      where block ->> 'id' = a.id and block ->> 'kind' not in ('statement', 'hidden', 'file')
    )
  ) then
    raise exception using errcode = 'PT400', message = 'booking-answers-invalid';
  end if;
  return new;
end;
$$;

comment on function private.bookings_check_answers() is
  'Trigger: stamps the form version a new booking answers and refuses answers to anything that version does not ask (booking-answers-invalid).';
revoke execute on function private.bookings_check_answers() from public, anon, authenticated;

create trigger bookings_check_answers before insert or update of answers, form_version_id on public.bookings
for each row execute function private.bookings_check_answers();

-- The answers as the person saw the questions, in the form's order: [{ label, text }], labels piped
-- and answers as text by the forms area's own readers. Members of the booking's organization only.
create or replace function public.booking_answer_list(booking public.bookings)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  with answered as (
    select block, p.n as page_n, b.n as block_n,
      private.form_answer_text(block, booking.answers -> (block ->> 'id')) as text
    from public.forms_versions as v,
      jsonb_array_elements(coalesce(v.definition -> 'pages', '[]')) with ordinality as p (page, n),
      jsonb_array_elements(coalesce(p.page -> 'blocks', '[]')) with ordinality as b (block, n)
    where v.id = booking.form_version_id and v.organization_id = booking.organization_id
      and private.has_organization_role(booking.organization_id)
      and booking.answers ? (block ->> 'id')
  ),
  keys as (
    select coalesce(jsonb_object_agg(block ->> 'key', text) filter (where block ? 'key'), '{}') as by_key
    from answered
  )
  select coalesce(jsonb_agg(jsonb_build_object(
    'label', private.form_pipe(coalesce(a.block ->> 'label', a.block ->> 'id'), k.by_key),
    'text', coalesce(a.text, '')
  ) order by a.page_n, a.block_n), '[]')
  from answered as a cross join keys as k;
$$;

comment on function public.booking_answer_list(public.bookings) is
  'The booking''s answers to its service''s questions as [{ label, text }] in the form''s order (labels piped, answers as text); empty for anyone but the organization''s members.';
revoke execute on function public.booking_answer_list(public.bookings) from public, anon;
grant execute on function public.booking_answer_list(public.bookings) to authenticated, service_role;
