-- The campaign-jobs function now runs form-notifications (jobs/form-notifications.ts): its row,
-- registered disabled with the forms, starts calling it. form-confirmations and form-digests stay
-- disabled until their runners exist.
update private.scheduled_jobs set enabled = true where name = 'form-notifications';
