-- Public pages' media links are issued by the server (docs/media.md «Links for public pages»). Until
-- now anyone could sign a door's picture as anon, with the lifetime they chose (ten years was
-- accepted), and the link outlived the picture's removal from the door. Now:
--
-- - Neither anon nor other organizations' members may read (and so sign) an organization's media
--   files: the select policies are back to members and claims admins.
-- - The public-media edge function signs, with the service role and a fixed lifetime of 15 minutes,
--   only the paths public_media_paths says a published page shows right now.
--
-- Sections: 1. storage.objects · 2. public_media_paths

-- ============================================================================================
-- 1. storage.objects: members and claims admins only
-- ============================================================================================

drop policy "Visitors can read the media files of published calendars" on storage.objects;

drop policy "Members and claims admins can read their organization's media files, anyone the public ones"
  on storage.objects;
create policy "Members and claims admins can read their organization's media files"
on storage.objects
for select
to authenticated
using (
  bucket_id = 'organizations-media'
  and (
    private.has_organization_role(private.media_file_organization_id(name))
    or (select private.is_claims_admin())
  )
);

-- The policies no longer ask it; only the issuer below does.
revoke execute on function private.media_object_is_public(text) from anon, authenticated;

-- ============================================================================================
-- 2. public_media_paths: what the issuer may sign
-- ============================================================================================

-- The given object paths of organizations-media that a published page may show now
-- (private.media_object_is_public: an open door's or a published calendar background's public
-- renditions), in the order given, each once.
create or replace function public.public_media_paths(input_paths text[])
returns setof text
language sql
stable
set search_path = ''
as $$
  select p.path
  from unnest(input_paths) with ordinality as p (path, position)
  where private.media_object_is_public(p.path)
  group by p.path
  order by min(p.position);
$$;

comment on function public.public_media_paths(text[]) is
  'The public-media edge function (service role): which of the paths a published page shows now, so it may sign them for 15 minutes.';
revoke execute on function public.public_media_paths(text[]) from public, anon, authenticated;
grant execute on function public.public_media_paths(text[]) to service_role;
