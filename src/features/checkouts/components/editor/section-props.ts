import type { CheckoutDraft } from '../../utils/checkout-draft';

/** What every editor section gets: the draft, a change to it, and the message for a field, if any. */
export type SectionProps = {
  draft: CheckoutDraft;
  change: (update: (draft: CheckoutDraft) => CheckoutDraft) => void;
  errorOf: (field: string) => string | undefined;
};
