-- E-mail addresses by GoTrue's rule, in the database as in the edge functions (attack run, finding 2).
--
-- GoTrue's validateEmail (supabase/auth internal/api/mail.go) refuses an address longer than 255
-- characters or not matching github.com/badoux/checkmail's pattern, then stores it lower-cased. The
-- functions check with the same pattern now (supabase/functions/_shared/validation.ts); here
-- private.is_valid_email (20261122100000_private_helpers_and_profiles.sql) follows it on the lower-cased form we store. Before, it
-- required a dot in the domain and allowed 254 characters; GoTrue requires no dot and allows 255.
--
-- Only a relaxation: every address the old rule accepted, this one accepts, so the rows the check
-- constraints calling it (organizations, invitations, sign-in requests, leads, e-mail lists) already
-- hold stay valid. A NUL never gets this far: text cannot hold one (SQLSTATE 22P05 on the way in).

-- The function is defined once, in 20261122100000_private_helpers_and_profiles.sql, with this rule;
-- this migration first re-created it whole and now keeps only its comment (docs/database.md).

comment on function private.is_valid_email(text) is
  'True for a lower-case e-mail address GoTrue would accept: at most 255 characters, its pattern (no dot required in the domain). Null gives null, so nullable columns pass.';
