-- A form response on the person's page reads as the form showed it: option labels instead of their
-- ids, «Ja»/«Nei», Norwegian dates and numbers, the questions' labels with their {key} piping filled
-- in, and a hidden block's value (from the link, such as utm_source) by the name the organizer gave it
-- instead of its id. The same rules as the logic engine's displayValue and pipe (supabase/functions/_shared/forms/evaluate.ts).

-- One answer as a person reads it, given its block in the definition.
create or replace function private.form_answer_text(block jsonb, answer jsonb)
returns text
language sql
immutable
set search_path = ''
as $$
  select case
    when block ->> 'kind' in ('single_choice', 'dropdown', 'multiple_choice') then (
      select string_agg(case when c.id = 'other' then answer ->> 'other' else o.label end, ', ' order by c.n)
      from jsonb_array_elements_text(case jsonb_typeof(answer)
          when 'object' then coalesce(answer -> 'choices', '[]')
          when 'array' then answer
          else jsonb_build_array(answer) end) with ordinality as c(id, n)
      left join lateral (
        select option ->> 'label' as label
        from jsonb_array_elements(coalesce(block -> 'options', '[]')) as option
        where option ->> 'id' = c.id
        limit 1
      ) as o on true
    )
    when block ->> 'kind' = 'consent' then case when answer = 'true'::jsonb then 'Ja' else 'Nei' end
    when block ->> 'kind' = 'date' then to_char((answer #>> '{}')::date, 'DD.MM.YYYY')
    when block ->> 'kind' = 'file' then
      jsonb_array_length(answer) || case when jsonb_array_length(answer) = 1 then ' fil' else ' filer' end
    when jsonb_typeof(answer) = 'number' then
      -- 12 345,5: a no-break space between thousands and a decimal comma.
      translate(rtrim(to_char((answer #>> '{}')::numeric, 'FM999,999,999,990.9999999999'), '.'), ',.', ' ,')
    else answer #>> '{}'
  end;
$$;

comment on function private.form_answer_text(jsonb, jsonb) is
  'A form answer as the person reads it (the logic engine''s displayValue): option labels, Ja/Nei, dd.mm.yyyy, Norwegian numbers, a count of files.';
revoke execute on function private.form_answer_text(jsonb, jsonb) from public, anon, authenticated;

-- {key} in a label → that answer's text (empty when unanswered or unknown), as the form showed it.
create or replace function private.form_pipe(label text, texts jsonb)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  key text;
begin
  for key in select distinct m[1] from regexp_matches(label, '\{([a-z][a-z0-9_]*)\}', 'g') as m loop
    label := replace(label, '{' || key || '}', coalesce(texts ->> key, ''));
  end loop;
  return label;
end;
$$;

revoke execute on function private.form_pipe(text, jsonb) from public, anon, authenticated;

create or replace function private.form_answers_by_label(answers jsonb, definition jsonb)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  with answered as (
    select a.key as id, b.block,
      case when b.block is null then a.value #>> '{}' else private.form_answer_text(b.block, a.value) end as text
    from jsonb_each(answers) as a
    left join lateral (
      select block
      from jsonb_array_elements(coalesce(definition -> 'pages', '[]')) as page,
        jsonb_array_elements(coalesce(page -> 'blocks', '[]')) as block
      where block ->> 'id' = a.key
      limit 1
    ) as b on true
  ),
  texts as (
    select coalesce(jsonb_object_agg(block ->> 'key', text) filter (where block ? 'key'), '{}') as by_key
    from answered
  )
  select coalesce(jsonb_object_agg(
    case
      when a.block ->> 'kind' = 'hidden' then coalesce(a.block ->> 'key', a.id)
      else private.form_pipe(coalesce(a.block ->> 'label', a.id), t.by_key)
    end,
    a.text
  ), '{}')
  from answered as a cross join texts as t;
$$;

comment on function private.form_answers_by_label(jsonb, jsonb) is
  'A form response''s answers as the person saw them, each as its text: by the questions'' piped labels, a hidden value (from the link) by its key, an answer the version does not know by its id.';
