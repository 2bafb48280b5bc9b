-- A person's page and export (public.participation) list what they sent in every kind of campaign:
-- a calendar's entries as before, and now a competition's progress entries and a form's responses
-- (GDPR art. 15 and 20: all the organization holds about them). Each kind's rows come from one small
-- function, so the next kind re-creates only that one.

-- A response's answers keyed by their questions' labels in the version it answered (the id where a
-- block has no label), so a person reads what they were asked.
create or replace function private.form_answers_by_label(answers jsonb, definition jsonb)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select coalesce(jsonb_object_agg(coalesce(b.block ->> 'label', a.key), a.value), '{}')
  from jsonb_each(answers) as a
  left join lateral (
    select block
    from jsonb_array_elements(coalesce(definition -> 'pages', '[]')) as page,
      jsonb_array_elements(coalesce(page -> 'blocks', '[]')) as block
    where block ->> 'id' = a.key
    limit 1
  ) as b on true;
$$;

comment on function private.form_answers_by_label(jsonb, jsonb) is
  'A form response''s answers keyed by their blocks'' labels in the definition (the block id where there is no label).';
revoke execute on function private.form_answers_by_label(jsonb, jsonb) from public, anon, authenticated;

-- One campaign's entries of the person, in the page's shape: item (a door's number, else null),
-- answer (a short text), is_correct, form_answers (an object of labels and values) and created_at.
create or replace function private.participation_entries(person public.participants, campaign public.campaigns)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select coalesce(jsonb_agg(entry order by (entry ->> 'item')::integer nulls first, entry ->> 'created_at'), '[]')
  from (
    select jsonb_build_object(
      'item', i.position, 'answer', e.answer, 'is_correct', e.is_correct,
      'form_answers', e.form_answers, 'created_at', e.created_at
    ) as entry
    from public.campaign_entries as e left join public.campaign_items as i on i.id = e.item_id
    where e.participant_id = person.id and e.campaign_id = campaign.id
    union all
    select jsonb_build_object(
      'item', null, 'answer', replace(rtrim(to_char(p.amount, 'FM999999990.999'), '.'), '.', ',') || ' ' || c.unit,
      'is_correct', null,
      'form_answers', jsonb_strip_nulls(jsonb_build_object(
        'on_date', p.on_date, 'note', p.note, 'rejected_reason', p.rejected_reason
      )),
      'created_at', p.created_at
    )
    from public.competitions_progress as p join public.competitions as c on c.id = p.competition_id
    where p.participant_id = person.id and p.competition_id = campaign.id
    union all
    select jsonb_build_object(
      'item', null, 'answer', null, 'is_correct', null,
      'form_answers', private.form_answers_by_label(r.answers, v.definition),
      'created_at', r.submitted_at
    )
    from public.forms_responses as r join public.forms_versions as v on v.id = r.version_id
    where r.participant_id = person.id and r.form_id = campaign.id
  ) as entries;
$$;

comment on function private.participation_entries(public.participants, public.campaigns) is
  'The person''s entries in one campaign for public.participation: calendar entries, competition progress (amount and unit, date, note, rejection), form responses (answers by their questions'' labels).';
revoke execute on function private.participation_entries(public.participants, public.campaigns) from public, anon, authenticated;

-- The campaigns part of a person's page: each registration with its consents and entries.
create or replace function private.participation_campaigns(person public.participants)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object(
    'campaign_id', c.id,
    'kind', c.kind,
    'name', c.name,
    'joined_at', r.created_at,
    'marketing_consent', exists (
      select 1 from public.consents as k
      where k.participant_id = person.id and k.campaign_id = c.id and k.purpose = 'marketing' and k.withdrawn_at is null
    ),
    'reminders_opt_in', r.reminders_opt_in,
    'entries', private.participation_entries(person, c),
    'consents', coalesce((
      select jsonb_agg(jsonb_build_object(
        'purpose', k.purpose, 'text', t.body, 'given_at', k.given_at, 'withdrawn_at', k.withdrawn_at
      ) order by k.given_at, k.purpose)
      from public.consents as k
      join public.consent_texts as t on t.organization_id = k.organization_id and t.sha256 = k.text_sha256
      where k.participant_id = person.id and k.campaign_id = c.id
    ), '[]')
  ) order by r.created_at), '[]')
  from public.campaign_registrations as r
  join public.campaigns as c on c.id = r.campaign_id
  where r.participant_id = person.id;
$$;

comment on function private.participation_campaigns(public.participants) is
  'The campaigns part of public.participation: every registration of the person with marketing consent, reminders, entries of every kind and consents with their texts.';
revoke execute on function private.participation_campaigns(public.participants) from public, anon, authenticated;

create or replace function public.participation(input_token text)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  person public.participants := private.participant_by_token(input_token);
begin
  return jsonb_build_object(
    'organization_name', (select o.name from public.organizations as o where o.id = person.organization_id),
    'email', person.email,
    'name', person.name,
    'phone', person.phone,
    'created_at', person.created_at,
    'lead', (
      select jsonb_build_object('source', l.source, 'created_at', l.created_at,
                                'marketing_withdrawn_at', l.marketing_withdrawn_at)
      from public.leads as l where l.id = person.lead_id
    ),
    'campaigns', private.participation_campaigns(person)
  );
end;
$$;

comment on function public.participation(text) is
  'By participation token: everything the organization holds about the person (details, every campaign with its entries of every kind and consents with their texts and times, the lead), also the export. participant-not-found (PT404) for a wrong or expired token.';
