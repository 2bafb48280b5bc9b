-- Covering indexes for the campaign engine's composite foreign keys (the advisors' unindexed foreign
-- key check): deleting a campaign or a participant, or checking a calendar's kind, finds the
-- referencing rows by index instead of a scan. The consents' single-column indexes are replaced by the
-- composite ones, which serve the same lookups.

create index calendars_id_kind_idx on public.calendars (id, kind);

create index campaign_registrations_campaign_id_organization_id_idx
  on public.campaign_registrations (campaign_id, organization_id);

drop index public.consents_campaign_id_idx;
create index consents_campaign_id_organization_id_idx on public.consents (campaign_id, organization_id);

drop index public.consents_participant_id_idx;
create index consents_participant_id_organization_id_idx on public.consents (participant_id, organization_id);
