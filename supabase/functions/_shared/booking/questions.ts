/**
 * A form's questions as the booking page asks them (docs/booking.md «Spørsmål før bestilling»): the
 * same definition without its file questions, since a booking claims no upload. The page and the
 * booking function both read the definition through this, so they check the same questions.
 */
import type { FormDefinition } from '../forms/definition.ts';

export function bookingQuestions(definition: FormDefinition): FormDefinition {
  return {
    ...definition,
    pages: definition.pages.map((page) => ({
      ...page,
      blocks: page.blocks.filter((block) => block.kind !== 'file'),
    })),
  };
}
