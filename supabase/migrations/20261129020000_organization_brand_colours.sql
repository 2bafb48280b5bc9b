-- An organization's brand colours: accent (buttons, links, the fill of a bar), background and text,
-- each `#rrggbb` or not set. The design editors of its campaigns (popups, calendars, competitions)
-- offer them as a starting point; the public pages keep each campaign's own copy, so changing the
-- brand later changes no published page. Owners and admins set them, as the rest of the details.

alter table public.organizations
  add column brand_accent text null
    constraint organizations_brand_accent_hex check (brand_accent ~ '^#[0-9a-f]{6}$'),
  add column brand_background text null
    constraint organizations_brand_background_hex check (brand_background ~ '^#[0-9a-f]{6}$'),
  add column brand_text text null
    constraint organizations_brand_text_hex check (brand_text ~ '^#[0-9a-f]{6}$');

comment on column public.organizations.brand_accent is
  'Brand accent colour, #rrggbb in lower case (buttons, links, fills); null when not set.';
comment on column public.organizations.brand_background is
  'Brand background colour, #rrggbb in lower case; null when not set.';
comment on column public.organizations.brand_text is
  'Brand text colour, #rrggbb in lower case; null when not set.';

grant update (brand_accent, brand_background, brand_text) on public.organizations to authenticated;
