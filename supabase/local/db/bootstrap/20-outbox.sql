-- The outbox of the embedded platform (supabase/local/outbox): every e-mail and SMS it would have sent,
-- kept in the database so they survive a restart, like Mailpit's store under `supabase start`.
-- Idempotent: runs on every boot, on PGlite and on plain PostgreSQL 15.
--
-- _platform is internal to the platform: the API never exposes it, so there are no grants to anon,
-- authenticated or service_role (a new schema gives PUBLIC nothing, and Supabase's default
-- privileges apply to public only).

create schema if not exists _platform;

create table if not exists _platform.outbox_messages (
  -- Insertion order; "newest first" must not depend on two messages having different timestamps.
  seq bigint generated always as identity,
  -- Mailpit-style random id (22 characters), what /api/v1/message/{ID} takes.
  id text primary key,
  -- The Message-ID header's value, without angle brackets.
  message_id text not null,
  channel text not null check (channel in ('email', 'sms')),
  -- An EmailKind (confirmation, magic_link, …) or sms_otp / phone_change.
  kind text not null,
  from_name text not null default '',
  from_address text not null default '',
  -- An e-mail address, or a phone number for SMS.
  to_address text not null,
  subject text not null default '',
  html text not null default '',
  text text not null default '',
  created_at timestamptz not null default now(),
  read boolean not null default false,
  -- Headers an API sender set beyond the usual ones (List-Unsubscribe, …), name → value.
  headers jsonb not null default '{}'::jsonb,
  -- Files an API sender attached: [{ "filename", "contentType", "content" (base64) }].
  attachments jsonb not null default '[]'::jsonb
);

-- Outboxes made before the column existed.
alter table _platform.outbox_messages add column if not exists headers jsonb not null default '{}'::jsonb;
alter table _platform.outbox_messages add column if not exists attachments jsonb not null default '[]'::jsonb;

create index if not exists outbox_messages_seq_idx on _platform.outbox_messages (seq);
