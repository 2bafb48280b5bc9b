-- A form response on the person's page (private.form_answers_by_label,
-- supabase/migrations/20261128215000_form_answers_readable.sql) reads as the form showed it.
begin;

select plan(10);

create temporary table definition as select '{
  "pages": [{"id": "p1", "blocks": [
    {"id": "b_navn", "kind": "short_text", "key": "navn", "label": "Navn"},
    {"id": "b_hva", "kind": "single_choice", "key": "hva", "label": "Hva gjelder det, {navn}?",
     "options": [{"id": "o_bad", "label": "Bad"}, {"id": "o_lekk", "label": "Lekkasje"}], "other": true},
    {"id": "b_rom", "kind": "multiple_choice", "key": "rom", "label": "Rom",
     "options": [{"id": "o_kjokken", "label": "Kjøkken"}, {"id": "o_vaskerom", "label": "Vaskerom"}]},
    {"id": "b_areal", "kind": "number", "key": "areal", "label": "Kvadratmeter", "decimals": true},
    {"id": "b_dato", "kind": "date", "key": "dato", "label": "Når?"},
    {"id": "b_ok", "kind": "consent", "key": "ok", "label": "Nyhetsbrev", "consent": "marketing"},
    {"id": "b_bilder", "kind": "file", "key": "bilder", "label": "Bilder"},
    {"id": "b_kilde", "kind": "hidden", "key": "kilde", "source": "utm_source"}
  ]}]
}'::jsonb as value;

create temporary table shown as select private.form_answers_by_label('{
  "b_navn": "Ada",
  "b_hva": {"choices": ["o_lekk"]},
  "b_rom": {"choices": ["o_vaskerom", "o_kjokken"]},
  "b_areal": 12345.5,
  "b_dato": "2026-12-24",
  "b_ok": false,
  "b_bilder": ["00000000-0000-4000-8000-000000000001", "00000000-0000-4000-8000-000000000002"],
  "b_kilde": "nyhetsbrev",
  "b_borte": "fra en eldre versjon"
}'::jsonb, (select value from definition)) as value;

select is((select value ->> 'Navn' from shown), 'Ada', 'text as written, by its label');
select is((select value ->> 'Hva gjelder det, Ada?' from shown), 'Lekkasje',
  'a choice by its option''s label, under the label with {navn} piped');
select is((select value ->> 'Rom' from shown), 'Vaskerom, Kjøkken', 'several choices joined in the order picked');
select is((select value ->> 'Kvadratmeter' from shown), '12 345,5', 'a Norwegian number');
select is((select value ->> 'Når?' from shown), '24.12.2026', 'a Norwegian date');
select is((select value ->> 'Nyhetsbrev' from shown), 'Nei', 'a consent as Ja/Nei');
select is((select value ->> 'Bilder' from shown), '2 filer', 'files counted');
select is((select value ->> 'kilde' from shown), 'nyhetsbrev', 'a hidden value by its key, not its id');
select is(
  private.form_answers_by_label('{"b_hva": {"choices": ["other"], "other": "Varmtvann"}}', (select value from definition)),
  '{"Hva gjelder det, ?": "Varmtvann"}'::jsonb,
  '«Annet» by its free text; a key the person did not answer pipes to nothing, as on the form'
);
select is((select value ->> 'b_borte' from shown), 'fra en eldre versjon', 'an answer the version does not know, by its id');

select * from finish();
rollback;
