import { publicRpc } from './public-rpc';

/**
 * A person's rights by the token of their participation link (the engine's anon functions, for every
 * kind of campaign): everything the organization holds about them, withdrawing a consent, and
 * deleting it all. A wrong or expired token is `participant-not-found`.
 */

export type ConsentPurpose = 'participation' | 'marketing' | 'sharing';

export type ParticipationConsent = {
  purpose: ConsentPurpose;
  /** The exact text the person was shown. */
  text: string;
  given_at: string;
  withdrawn_at: string | null;
};

/** A booking of the person's (a booking solution's entry), times as the database gives them. */
export type ParticipationBooking = {
  service: string;
  staff: string;
  starts_at: string;
  ends_at: string;
  status: 'confirmed' | 'pending_payment' | 'cancelled' | 'no_show';
  cancelled_at: string | null;
  rescheduled_at: string | null;
  /** What was paid online, in øre; null when nothing was. */
  paid_ore: number | null;
  refunded_ore: number | null;
};

export type ParticipationEntry = {
  /** The campaign's item (a calendar's door by its day number); null for an entry of the whole campaign. */
  item: number | null;
  answer: string | null;
  is_correct: boolean | null;
  /** A door's form answers, a progress entry's date and note, a form's answers by question. */
  form_answers: Record<string, unknown> | null;
  created_at: string;
  /** A booking solution's entry is a booking (its answers are `form_answers`). */
  booking?: ParticipationBooking;
};

export type ParticipationCampaign = {
  campaign_id: string;
  kind: string;
  name: string;
  joined_at: string;
  marketing_consent: boolean;
  reminders_opt_in: boolean;
  entries: ParticipationEntry[];
  consents: ParticipationConsent[];
};

/** `participation(token)`: the person within the token's organization, also the export. */
export type PersonParticipation = {
  organization_name: string;
  email: string;
  name: string | null;
  phone: string | null;
  /** Their one lead of the organization; null when there is none. */
  lead: { source: string; created_at: string; marketing_withdrawn_at: string | null } | null;
  campaigns: ParticipationCampaign[];
};

export const getParticipation = (token: string, signal?: AbortSignal) =>
  publicRpc<PersonParticipation>('participation', { input_token: token }, { signal });

/**
 * `marketing` (with the reminders) or `reminders`, in one campaign or, with `campaignId` null, in all
 * of the organization's (marketing withdrawn for all is kept on the lead).
 */
export const withdrawConsent = (
  token: string,
  purpose: 'marketing' | 'reminders',
  campaignId: string | null,
) =>
  publicRpc<null>('withdraw_consent', {
    input_token: token,
    input_purpose: purpose,
    input_campaign_id: campaignId,
  });

export const deleteParticipant = (token: string) =>
  publicRpc<null>('delete_participant', { input_token: token });
