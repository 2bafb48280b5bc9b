-- The engine's uploads from the public (supabase/migrations/20261128160000_campaign_uploads.sql): only
-- the service role starts one, for a purpose a published campaign of the right kind takes (a progress
-- photo by an active member's token while the competition runs), within the type, size and daily
-- quota; a write claims it once (same campaign, purpose and sender, stored, at most a day old); the
-- public sees a photo only while its entry counts; members read their organization's rows and files,
-- nobody else; the sweep forgets what was never claimed and finds files without a row.
begin;

select plan(32);

select tests.seed_calendar_cast();
select set_config('leadtorget.test_now', '2026-06-05 12:00 Europe/Oslo', true);

insert into public.campaigns (id, organization_id, kind, name, published_at, consent_text) values
  ('00000000-0000-4000-8000-0000000000c1', '00000000-0000-4000-8000-00000000000a', 'competition', 'Sykle til jobben', now(), 'Jeg godtar reglene.'),
  ('00000000-0000-4000-8000-0000000000c2', '00000000-0000-4000-8000-00000000000a', 'competition', 'Utkast', null, null);
insert into public.competitions (id, organization_id, starts_on, ends_on, unit, goal, team_max, freeze_at) values
  ('00000000-0000-4000-8000-0000000000c1', '00000000-0000-4000-8000-00000000000a', '2026-06-01', '2026-06-30', 'km', 1000, 3,
   '2026-06-28 12:00 Europe/Oslo'),
  ('00000000-0000-4000-8000-0000000000c2', '00000000-0000-4000-8000-00000000000a', '2026-06-01', '2026-06-30', 'km', 1000, 3, null);

select tests.clear_authentication();
select public.create_competition_team('00000000-0000-4000-8000-0000000000c1', 'ada@example.com', true, now() - interval '1 minute',
  'Tråkkerne', input_name => 'Ada Lovelace');
select public.register_competition_participant('00000000-0000-4000-8000-0000000000c1', 'jo@example.com', true,
  now() - interval '1 minute', input_name => 'Jo Nes');
reset role;
select public.issue_participant_token(p.id, '00000000-0000-4000-8000-0000000000c1') as ada_token
from public.participants as p where p.email = 'ada@example.com' \gset
select public.issue_participant_token(p.id, '00000000-0000-4000-8000-0000000000c1') as jo_token
from public.participants as p where p.email = 'jo@example.com' \gset
select id as team_id from public.competitions_teams where name = 'Tråkkerne' \gset

-- ============================================================================================
-- Starting an upload: the service role, for what the campaign takes
-- ============================================================================================

select tests.clear_authentication();
select throws_ok(
  format($$ select * from public.begin_campaign_upload('00000000-0000-4000-8000-0000000000c1', 'competition-progress', %L, 'image/jpeg', 1000) $$, :'ada_token'),
  '42501', null, 'anon cannot start an upload (only the edge function may)'
);
select tests.authenticate_as('owner');
select throws_ok(
  format($$ select * from public.begin_campaign_upload('00000000-0000-4000-8000-0000000000c1', 'competition-progress', %L, 'image/jpeg', 1000) $$, :'ada_token'),
  '42501', null, 'nor can a member'
);

select tests.authenticate_as_service_role();
select upload_id as photo_id, object_path as photo_path
from public.begin_campaign_upload('00000000-0000-4000-8000-0000000000c1', 'competition-progress', :'ada_token', 'image/jpeg', 120000) \gset
select matches(:'photo_path'::text, '^00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000000c1/[0-9a-f-]{36}\.jpg$',
  'the file goes to <organization>/<campaign>/<upload>.<ext>');
select is(
  (select participant_id from public.campaign_uploads where id = :'photo_id'),
  (select id from public.participants where email = 'ada@example.com'), 'the upload records who sent it'
);
select throws_ok(
  format($$ select * from public.begin_campaign_upload('00000000-0000-4000-8000-0000000000c1', 'competition-progress', %L, 'image/jpeg', 1000) $$, :'jo_token'),
  'P0001', 'competition-no-team', 'a participant without a team cannot send a progress photo'
);
select throws_ok(
  $$ select * from public.begin_campaign_upload('00000000-0000-4000-8000-0000000000c1', 'competition-progress', 'not-a-token', 'image/jpeg', 1000) $$,
  'PT404', 'participant-not-found', 'a wrong token is refused'
);
select throws_ok(
  format($$ select * from public.begin_campaign_upload('00000000-0000-4000-8000-0000000000c1', 'competition-progress', %L, 'application/pdf', 1000) $$, :'ada_token'),
  'P0001', 'campaign-upload-type', 'a progress photo must be a picture'
);
select throws_ok(
  format($$ select * from public.begin_campaign_upload('00000000-0000-4000-8000-0000000000c1', 'competition-progress', %L, 'image/jpeg', 5242881) $$, :'ada_token'),
  'P0001', 'campaign-upload-too-large', 'over 5 MiB is refused'
);
select throws_ok(
  format($$ select * from public.begin_campaign_upload('00000000-0000-4000-8000-0000000000c1', 'form-answer', %L, 'image/jpeg', 1000) $$, :'ada_token'),
  'P0001', 'campaign-upload-invalid', 'a purpose the campaign''s kind does not take is refused'
);
select throws_ok(
  format($$ select * from public.begin_campaign_upload('00000000-0000-4000-8000-0000000000c2', 'competition-progress', %L, 'image/jpeg', 1000) $$, :'ada_token'),
  'PT404', 'campaign-not-found', 'an unpublished campaign takes no uploads'
);
select set_config('leadtorget.test_now', '2026-07-01 12:00 Europe/Oslo', true);
select throws_ok(
  format($$ select * from public.begin_campaign_upload('00000000-0000-4000-8000-0000000000c1', 'competition-progress', %L, 'image/jpeg', 1000) $$, :'ada_token'),
  'P0001', 'competition-ended', 'after the end no photos'
);
select set_config('leadtorget.test_now', '2026-06-05 12:00 Europe/Oslo', true);

-- The daily quota per person: 30 (one is already taken).
select lives_ok(
  format($$ select public.begin_campaign_upload('00000000-0000-4000-8000-0000000000c1', 'competition-progress', %L, 'image/png', 10)
            from generate_series(1, 29) $$, :'ada_token'),
  'a person sends up to 30 a day'
);
select throws_ok(
  format($$ select * from public.begin_campaign_upload('00000000-0000-4000-8000-0000000000c1', 'competition-progress', %L, 'image/png', 10) $$, :'ada_token'),
  'PT429', 'campaign-upload-quota', 'the 31st of the day is refused'
);
reset role;
delete from public.campaign_uploads where id <> :'photo_id';

-- ============================================================================================
-- Claiming: once, by the write it belongs to, after the file is stored
-- ============================================================================================

select tests.clear_authentication();
select throws_ok(
  format($$ select public.log_competition_progress_with_photo(%L, '00000000-0000-4000-8000-0000000000c1', 5, '2026-06-05', %L) $$,
    :'ada_token', :'photo_id'),
  'P0001', 'campaign-upload-invalid', 'a photo not yet stored cannot be claimed'
);
reset role;
insert into storage.objects (bucket_id, name, metadata) values ('campaign-uploads', :'photo_path', '{"size": 120000, "mimetype": "image/jpeg"}');
select tests.clear_authentication();
select public.log_competition_progress_with_photo(:'ada_token', '00000000-0000-4000-8000-0000000000c1', 5, '2026-06-05', :'photo_id', 'Med bilde') as entry_id \gset
reset role;
select is(
  (select photo_upload_id from public.competitions_progress where id = :'entry_id'), :'photo_id'::uuid,
  'the entry keeps its photo'
);
select is(
  (select claimed_ref from public.campaign_uploads where id = :'photo_id'), :'entry_id'::uuid,
  'the upload is claimed by the entry'
);
select tests.clear_authentication();
select throws_ok(
  format($$ select public.log_competition_progress_with_photo(%L, '00000000-0000-4000-8000-0000000000c1', 5, '2026-06-05', %L) $$,
    :'ada_token', :'photo_id'),
  'P0001', 'campaign-upload-invalid', 'a claimed photo cannot be used twice'
);
reset role;
select is(
  (select count(*)::int from public.competitions_progress where participant_id = (select id from public.participants where email = 'ada@example.com')),
  1, '… and the refused entry was not stored'
);

-- Someone else's upload cannot be claimed by another person.
select tests.authenticate_as_service_role();
select upload_id as stale_id, object_path as stale_path
from public.begin_campaign_upload('00000000-0000-4000-8000-0000000000c1', 'competition-progress', :'ada_token', 'image/webp', 50) \gset
reset role;
insert into storage.objects (bucket_id, name) values ('campaign-uploads', :'stale_path');
select throws_ok(
  format($$ select private.claim_campaign_upload(%L, '00000000-0000-4000-8000-0000000000c1', 'competition-progress',
    (select id from public.participants where email = 'jo@example.com'), gen_random_uuid()) $$, :'stale_id'),
  'P0001', 'campaign-upload-invalid', 'another person cannot claim it'
);

-- ============================================================================================
-- Who sees it
-- ============================================================================================

select tests.clear_authentication();
select is(
  public.competition_team_photos('00000000-0000-4000-8000-0000000000c1', :'team_id') #>> '{0,path}', :'photo_path'::text,
  'the team''s gallery shows the entry''s photo'
);
select is(
  public.competition_team_photos('00000000-0000-4000-8000-0000000000c1', :'team_id') #>> '{0,amount}', '5',
  '… with the entry''s amount'
);
select throws_ok($$ select * from public.campaign_uploads $$, '42501', null, 'anon reads no upload rows');
select is_empty($$ select * from storage.objects where bucket_id = 'campaign-uploads' $$, 'anon reads no upload files');
select tests.authenticate_as('owner');
select is((select count(*)::int from public.campaign_uploads), 2, 'a member reads the organization''s uploads');
select is((select count(*)::int from storage.objects where bucket_id = 'campaign-uploads'), 2, '… and their files (to sign them)');
select tests.authenticate_as('other');
select is_empty($$ select * from public.campaign_uploads $$, 'another organization reads none');
select throws_ok($$ update public.campaign_uploads set claimed_at = now() $$, '42501', null, 'a member cannot write uploads');

select tests.authenticate_as_service_role();
select results_eq(
  format($$ select * from public.public_upload_paths(array[%L, %L]) $$, :'photo_path', :'stale_path'),
  array[:'photo_path'::text], 'public-media may sign the photo of a counting entry, not an unclaimed file'
);
reset role;
update public.competitions_progress set rejected_at = now(), rejected_reason = 'Ikke godkjent' where id = :'entry_id';
select tests.authenticate_as_service_role();
select is_empty(format($$ select * from public.public_upload_paths(array[%L]) $$, :'photo_path'),
  'a rejected entry''s photo is no longer public');

-- ============================================================================================
-- The sweep
-- ============================================================================================

reset role;
update public.campaign_uploads set created_at = private.campaign_now() - interval '25 hours' where id = :'stale_id';
update storage.objects set created_at = now() - interval '2 hours' where name = :'photo_path';
delete from public.competitions_progress where id = :'entry_id';
select is_empty(format($$ select 1 from public.campaign_uploads where id = %L $$, :'photo_id'),
  'a deleted entry takes its upload''s row');
select tests.authenticate_as_service_role();
select set_eq($$ select * from public.campaign_upload_sweep() $$, array[:'stale_path'::text, :'photo_path'::text],
  'the sweep answers the unclaimed day-old upload and the file whose row is gone');
select is_empty(format($$ select 1 from public.campaign_uploads where id = %L $$, :'stale_id'), '… and forgets the stale row');

select * from finish();
rollback;
