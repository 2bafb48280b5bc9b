-- Profile pictures and the members screen (docs/auth-onboarding.md «Pictures» and
-- `/organization`).
--
-- 1. The public `avatars` bucket: pictures at `{userId}/{uuid}.{ext}`; a user writes only their own
--    folder. Anyone reads a picture through its public URL (the bucket is public, which the storage API
--    serves without policies); listing objects through the table is limited to one's own folder, which
--    uploads (`insert … returning`) and replacing/removing need.
-- 2. `organization_members_list(organization_id)`: the members of an organization with their profile
--    and e-mail, for fellow members only. Roles, removal, leaving, invitations and withdrawing them use
--    the policies of 20261122100100_organizations.sql directly.

-- ============================================================================================
-- Bucket avatars
-- ============================================================================================

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('avatars', 'avatars', true, 2097152, array['image/png', 'image/jpeg', 'image/webp'])
on conflict (id) do nothing;

-- The first folder of an object name as a user id: `(storage.foldername(name))[1]` compared as text,
-- so names whose first folder is not a uuid never match and never fail a cast.
create policy "Users can see their own avatar files"
on storage.objects
for select
to authenticated
using (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text);

create policy "Users can upload avatars into their own folder"
on storage.objects
for insert
to authenticated
with check (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text);

create policy "Users can replace their own avatar files"
on storage.objects
for update
to authenticated
using (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text)
with check (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text);

create policy "Users can delete their own avatar files"
on storage.objects
for delete
to authenticated
using (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text);

-- ============================================================================================
-- Members of an organization
-- ============================================================================================

-- security definer: e-mail addresses live in auth.users, which clients cannot read. The list is
-- returned only to members of the organization (anyone else gets no rows), so an address is shown
-- only to the people one shares the organization with.
create or replace function public.organization_members_list(input_organization_id uuid)
returns table (
  member_id uuid,
  name text,
  img text,
  email text,
  role public.organization_role,
  created_at timestamptz
)
language sql
stable
security definer
set search_path = ''
as $$
  select m.member_id, p.name, p.img, u.email::text, m.role, m.created_at
  from public.organizations_members as m
  join auth.users as u on u.id = m.member_id
  left join public.profiles as p on p.id = m.member_id
  where m.organization_id = input_organization_id
    and private.has_organization_role(input_organization_id)
  order by
    case m.role when 'owner' then 0 when 'admin' then 1 else 2 end,
    lower(coalesce(p.name, u.email::text)),
    m.member_id;
$$;

comment on function public.organization_members_list(uuid) is
  'The members of an organization (id, profile name and picture, e-mail, role, joined) for its own members; no rows for anyone else.';
revoke execute on function public.organization_members_list(uuid) from public, anon, authenticated;
grant execute on function public.organization_members_list(uuid) to authenticated, service_role;
