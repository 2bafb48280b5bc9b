/** campaign-jobs on the edge runtime: the real dependencies, then Deno.serve (see handler.ts). */
import { consoleLog } from '../_shared/http.ts';
import { mailerFromEnv } from '../_shared/mailer.ts';
import { errorOf, serviceClient, siteUrlFromEnv, supabaseEnv } from '../_shared/supabase.ts';
import {
  handleCampaignJobs,
  sameSecret,
  type AutoDraw,
  type CampaignJobsDeps,
  type ConfirmationClaim,
  type ReminderClaim,
} from './handler.ts';

const env = Deno.env;
const config = supabaseEnv(env);
const service = serviceClient(config);
const siteUrl = siteUrlFromEnv(env);

const deps: CampaignJobsDeps = {
  isServiceKey: (token) => sameSecret(token, config.serviceRoleKey),
  db: {
    async claimConfirmations(limit) {
      const { data, error } = await service.rpc('claim_calendar_confirmations', { input_limit: limit });
      if (error) throw errorOf(error);
      return (data ?? []) as ConfirmationClaim[];
    },
    async releaseConfirmation(participantId) {
      const { error } = await service.rpc('release_calendar_confirmation', {
        input_participant_id: participantId,
      });
      if (error) throw errorOf(error);
    },
    async claimReminders(now, limit) {
      const { data, error } = await service.rpc('claim_calendar_reminders', {
        ...(now ? { input_now: now } : {}),
        input_limit: limit,
      });
      if (error) throw errorOf(error);
      return (data ?? []) as ReminderClaim[];
    },
    async releaseReminder(participantId, remindedOn) {
      const { error } = await service.rpc('release_calendar_reminder', {
        input_participant_id: participantId,
        input_reminded_on: remindedOn,
      });
      if (error) throw errorOf(error);
    },
    async runAutoDraws() {
      const { data, error } = await service.rpc('run_calendar_auto_draws');
      if (error) throw errorOf(error);
      return (data ?? []) as AutoDraw[];
    },
  },
  mailer: mailerFromEnv(env),
  siteUrl,
  log: consoleLog,
};

Deno.serve((request) => handleCampaignJobs(request, deps));
