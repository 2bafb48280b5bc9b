import type { z } from 'zod';

/**
 * A schema's refusals as one message key per field (the first), keyed by the field's path joined with
 * dots (`groups.1`), so a form shows each beside its field.
 */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.');
    errors[key] ??= issue.message;
  }
  return errors;
}

/** Focus the first field in `order` that has an error; its element id is `${prefix}-${key}` with dots as dashes. */
export function focusFirst(errors: Record<string, string>, order: readonly string[], prefix: string) {
  const first = order.find((key) => errors[key]);
  if (first) document.getElementById(`${prefix}-${first.replace(/\./g, '-')}`)?.focus();
}
