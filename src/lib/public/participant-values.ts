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
