-- A popup made from a template in one transaction (docs/popups.md «The screens»): create_popup's
-- campaign, popup and variant A, then the template's settings, variant A's content and discount code,
-- and the campaign's design and consent texts. Several writes from the browser could fail half-way
-- and leave a popup with the defaults; here a failure leaves nothing.

create or replace function public.create_popup_from(
  input_organization_id uuid,
  input_name text,
  input_template jsonb
)
returns uuid
language plpgsql
volatile
set search_path = ''
as $$
declare
  new_id uuid;
begin
  if input_template is null or jsonb_typeof(input_template) <> 'object' then
    raise exception using errcode = 'P0001', message = 'popup-invalid';
  end if;
  new_id := public.create_popup(input_organization_id, input_name, input_template ->> 'type');
  update public.popups as p set
    priority = coalesce((input_template ->> 'priority')::integer, p.priority),
    triggers = coalesce(input_template -> 'triggers', p.triggers),
    targeting = coalesce(input_template -> 'targeting', p.targeting),
    frequency = coalesce(input_template -> 'frequency', p.frequency)
  where p.id = new_id;
  update public.popup_variants as v set
    content = coalesce(input_template -> 'content', v.content),
    discount_code = nullif(btrim(input_template ->> 'discount_code'), '')
  where v.popup_id = new_id;
  update public.campaigns as c set
    design = coalesce(input_template -> 'design', c.design),
    consent_text = nullif(btrim(input_template ->> 'consent_text'), ''),
    marketing_consent_text = nullif(btrim(input_template ->> 'marketing_consent_text'), '')
  where c.id = new_id;
  return new_id;
end;
$$;
comment on function public.create_popup_from(uuid, text, jsonb) is
  'Members: create_popup of the template''s type, then its priority, triggers, targeting, frequency, variant A''s content and discount_code, the campaign''s design and consent texts, all or nothing; popup-invalid for a template that is not an object or an unknown type.';
revoke execute on function public.create_popup_from(uuid, text, jsonb) from public, anon, authenticated;
grant execute on function public.create_popup_from(uuid, text, jsonb) to authenticated, service_role;
