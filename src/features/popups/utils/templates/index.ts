import { exitTilbud } from './exit-tilbud';
import { kunngjoringsstripe } from './kunngjoringsstripe';
import { leadMagnet } from './lead-magnet';
import { nyhetsbrev } from './nyhetsbrev';
import { rabattkode } from './rabattkode';
import { tom } from './tom';
import type { PopupTemplate } from './types';

export type { PopupTemplate } from './types';

export const POPUP_TEMPLATE_IDS = [
  'nyhetsbrev',
  'rabattkode',
  'exitTilbud',
  'leadMagnet',
  'kunngjoringsstripe',
  'tom',
] as const;
export type PopupTemplateId = (typeof POPUP_TEMPLATE_IDS)[number];

/** Each template in the organization's name (its consent texts name it). */
export const POPUP_TEMPLATES: Record<PopupTemplateId, (organization: string) => PopupTemplate> = {
  nyhetsbrev,
  rabattkode,
  exitTilbud,
  leadMagnet,
  kunngjoringsstripe,
  tom,
};
