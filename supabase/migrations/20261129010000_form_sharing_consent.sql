-- A form's «may be shared» consent block is recorded: when a response that names a person stores a
-- ticked `consent` block of kind `sharing`, the person gets a consent of purpose sharing to the
-- block's label, read from the version the response answered (the server's copy, never the
-- browser's) — the consent a marketplace listing of their lead requires. Before this the tick was
-- kept in the answers only. A trigger, so the submission (submit_form_response) stays as it is.

create or replace function private.record_form_sharing_consents()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  shown_text text;
begin
  if new.participant_id is null then
    return new;
  end if;
  for shown_text in
    select left(btrim(block ->> 'label'), 2000)
    from public.forms_versions as v,
      jsonb_array_elements(coalesce(v.definition -> 'pages', '[]')) as page,
      jsonb_array_elements(coalesce(page -> 'blocks', '[]')) as block
    where v.id = new.version_id
      and block ->> 'kind' = 'consent' and block ->> 'consent' = 'sharing'
      and new.answers -> (block ->> 'id') = 'true'::jsonb
      and nullif(btrim(block ->> 'label'), '') is not null
  loop
    perform private.record_consent(new.organization_id, new.participant_id, new.form_id, 'sharing', shown_text);
  end loop;
  return new;
end;
$$;

comment on function private.record_form_sharing_consents() is
  'Trigger: a stored form response with a ticked sharing consent block gives its person a sharing consent to the block''s label, as the answered version shows it.';
revoke execute on function private.record_form_sharing_consents() from public, anon, authenticated;

create trigger record_form_sharing_consents
  after insert on public.forms_responses
  for each row execute function private.record_form_sharing_consents();
