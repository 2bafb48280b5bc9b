import { fillTemplate } from '@/lib/campaign/fill-template';
import { RULES_TEMPLATE_NB, type RulesTemplateValues } from '../constants';

/** The calendar's rules template with its facts filled in; an unknown one stays a visible `[…]`. */
export function fillRulesTemplate(values: Partial<RulesTemplateValues>): string {
  return fillTemplate(RULES_TEMPLATE_NB, values, PLACEHOLDER_LABELS);
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
