/** A field's aria-describedby: its error line (FieldError) when it has an error, and its hint. */
export const describedBy = (fieldId: string, error: string | undefined, hint?: string) =>
  [error ? `${fieldId}-error` : '', hint ?? ''].filter(Boolean).join(' ') || undefined;
