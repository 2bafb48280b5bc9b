import type { RememberedDetails } from './remembered-details';

/** What a person gives every campaign's form: who they are, what they agree to, the bots' trap. */
export type ParticipantValues = {
  email: string;
  name: string;
  phone: string;
  consent: boolean;
  marketingConsent: boolean;
  remindersOptIn: boolean;
  /** The hidden field people never fill in. */
  honeypot: string;
};

/** The fields a refusal can point at (the engine's participant-* codes). */
export type ParticipantFieldName = 'email' | 'phone' | 'consent';

/** Empty fields, with the details remembered from earlier in this visit. */
export const participantValues = (remembered: RememberedDetails = {}): ParticipantValues => ({
  email: remembered.email ?? '',
  name: remembered.name ?? '',
  phone: remembered.phone ?? '',
  consent: false,
  marketingConsent: false,
  remindersOptIn: false,
  honeypot: '',
});

/**
 * The participant part of every public write's arguments (the engine's `private.upsert_participant`
 * fields), empty optional ones as null; `formShownAt` is the time trap's moment by the database's clock.
 */
export function participantArgs(values: ParticipantValues, formShownAt: Date) {
  const optional = (value: string) => (value.trim() === '' ? null : value.trim());
  return {
    input_email: values.email.trim(),
    input_consent: values.consent,
    input_form_shown_at: formShownAt.toISOString(),
    input_honeypot: optional(values.honeypot),
    input_name: optional(values.name),
    input_phone: optional(values.phone),
    input_marketing_consent: values.marketingConsent,
    input_reminders_opt_in: values.remindersOptIn,
  };
}
