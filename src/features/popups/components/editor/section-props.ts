import type { PopupDraft } from '../../utils/popup-draft';

/** What every editor section gets: the draft, a change to it, and the message for a field, if any. */
export type SectionProps = {
  draft: PopupDraft;
  change: (update: (draft: PopupDraft) => PopupDraft) => void;
  errorOf: (field: string) => string | undefined;
};

/** A whole number typed into a field; NaN while empty (the checks then say what is wanted). */
export const readWhole = (value: string) => (value.trim() === '' ? Number.NaN : Number(value));

/** The field's value for a number that may be NaN while typed. */
export const shownNumber = (value: number | undefined) =>
  value === undefined || Number.isNaN(value) ? '' : String(value);
