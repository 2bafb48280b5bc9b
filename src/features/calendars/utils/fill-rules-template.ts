import { RULES_TEMPLATE_NB, type RulesTemplateValues } from '../constants';

/**
 * The rules template with the calendar's facts filled in. A fact not known yet stays as a visible
 * `[…]` for the organization to fill in, rather than an empty gap that reads as finished.
 */
export function fillRulesTemplate(values: Partial<RulesTemplateValues>): string {
  return RULES_TEMPLATE_NB.replace(/\{\{(\w+)\}\}/g, (_whole, name: keyof RulesTemplateValues) => {
    const value = values[name]?.trim();
    if (value) return value;
    return `[${PLACEHOLDER_LABELS[name]}]`;
  });
}

const PLACEHOLDER_LABELS: Record<keyof RulesTemplateValues, string> = {
  calendar: 'kalenderens navn',
  organization: 'arrangør',
  organizationNumber: 'organisasjonsnummer',
  contactEmail: 'e-post for spørsmål',
  startDate: 'første dato',
  endDate: 'siste dato',
  doorTime: 'klokkeslett',
  prizes: 'premiene',
  eligible: 'alle deltakelser eller bare riktige svar',
  retention: 'hvor lenge, f.eks. 3 måneder',
};
