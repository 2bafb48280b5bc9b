import type { FormDefinition } from '@/lib/forms/engine';
import kontaktOss from '../../../../../tests/fixtures/forms/kontakt-oss.json';
import tilbudsforesporsel from '../../../../../tests/fixtures/forms/tilbudsforesporsel.json';
import { kundetilfredshet } from './kundetilfredshet';
import { nps } from './nps';
import { pamelding } from './pamelding';

export const TEMPLATE_IDS = ['kontakt', 'tilbud', 'pamelding', 'nps', 'kundetilfredshet'] as const;
export type TemplateId = (typeof TEMPLATE_IDS)[number];

/** The definitions a new form may start from; the two Fjord Rør examples are the engine's fixtures. */
export const TEMPLATES: Record<TemplateId, FormDefinition> = {
  kontakt: kontaktOss as FormDefinition,
  tilbud: tilbudsforesporsel as FormDefinition,
  pamelding,
  nps,
  kundetilfredshet,
};
