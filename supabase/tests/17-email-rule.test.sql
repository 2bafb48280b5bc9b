-- private.is_valid_email follows GoTrue's rule (20261124100000_email_rule_like_gotrue.sql), like the
-- edge functions' emailSchema (supabase/functions/_shared/validation.ts).
begin;

select plan(22);

-- The attack run's inputs are refused.
select is(private.is_valid_email('x@y..no'), false, 'an empty domain label is refused');
select is(private.is_valid_email('x@-evil-.no'), false, 'a label starting or ending with a hyphen is refused');
select is(private.is_valid_email('x@evil-.no'), false, 'a label ending with a hyphen is refused');
select is(private.is_valid_email('"><script>alert(1)</script>@x.no'), false, 'markup in the local part is refused');
-- A NUL cannot even reach it: text holds none (PostgREST turns this 22P05 into a 400).
select throws_ok($$ select private.is_valid_email('"x\u0000@y.no"'::json ->> 0) $$,
  '22P05', null, 'an e-mail with a NUL never becomes text');

-- More shapes GoTrue refuses.
select is(private.is_valid_email('x@.no'), false, 'a domain starting with a dot is refused');
select is(private.is_valid_email('x@no.'), false, 'a domain ending with a dot is refused');
select is(private.is_valid_email('ola nordmann@x.no'), false, 'a space is refused');
select is(private.is_valid_email('æøå@x.no'), false, 'a non-ASCII local part is refused');
select is(private.is_valid_email('x@bæ.no'), false, 'a non-ASCII domain is refused');
select is(private.is_valid_email('x@' || repeat('a', 64) || '.no'), false, 'a 64-character label is refused');
select is(private.is_valid_email(repeat('a', 249) || '@abc.no'), false, '256 characters are refused');
select is(private.is_valid_email('Ola@Example.no'), false, 'upper case is refused (stored lower-cased)');

-- What GoTrue accepts is accepted.
select is(private.is_valid_email('ola.nordmann@fjordbygg.no'), true, 'a plain address');
select is(private.is_valid_email('o''brien+tilbud@fjord-bygg.no'), true, 'apostrophe, plus and a hyphen');
select is(private.is_valid_email('a.b!#$%&*/=?^_`{|}~-@x.no'), true, 'every atom character GoTrue allows');
select is(private.is_valid_email('ola@localhost'), true, 'no dot is needed in the domain, as in GoTrue');
select is(private.is_valid_email('x@' || repeat('a', 63) || '.no'), true, 'a 63-character label');
select is(private.is_valid_email(repeat('a', 248) || '@abc.no'), true, '255 characters');
select is(private.is_valid_email(null), null, 'null stays null (nullable columns)');

-- The check constraints use it.
select tests.create_supabase_user('owner');
insert into public.organizations (id, name, owner_id) values
  ('00000000-0000-4000-8000-00000000000a', 'Fjordbygg AS', tests.get_supabase_uid('owner'));
select throws_ok(
  $$ insert into public.leads (organization_id, name, email)
     values ('00000000-0000-4000-8000-00000000000a', 'Kunde', 'x@-evil-.no') $$,
  '23514', null, 'a lead with such an e-mail is refused by its check constraint');
select lives_ok(
  $$ insert into public.leads (organization_id, name, email)
     values ('00000000-0000-4000-8000-00000000000a', 'Kunde', 'kunde@localhost') $$,
  'a lead with a GoTrue-valid e-mail is stored');

select * from finish();
rollback;
