-- The job that tells buying organizations that the person behind a lead they bought asked the seller
-- for erasure (claim_lead_erasure_notices; campaign-jobs' lead-erasure-notices e-mails each buyer's
-- owners and admins). Every five minutes: the buyers are to be told without undue delay, and a notice
-- waits at most that.
-- Both runners read the row (20261126090000_scheduled_jobs.sql).
insert into private.scheduled_jobs (name, schedule, function_name, body, description) values
  ('lead-erasure-notices', '*/5 * * * *', 'campaign-jobs', '{}',
   'Lead marketplace: e-mails each buying organization''s owners and admins that the person behind a lead it bought asked for erasure (GDPR art. 19).');
