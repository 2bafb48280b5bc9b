import type { Trigger, UrlRule } from '@/popup-snippet/rules/types';
import {
  MAX_DISCOUNT_CODE,
  MAX_NAME,
  MAX_RADIUS,
  MAX_TRIGGERS,
  weightSum,
  type PopupDraft,
} from './popup-draft';

/**
 * What stops a save, each at its field (`variants.B.discountCode`, `triggers.2`, …) with the
 * message's key in the popups-editor namespace's `problems`: the database's own checks (sizes,
 * ranges, lengths) and the values the snippet could not use.
 */
export type DraftProblem = {
  field: string;
  code:
    | 'nameRequired'
    | 'consentRequired'
    | 'nameTooLong'
    | 'wholeNumber'
    | 'priorityRange'
    | 'radiusRange'
    | 'colour'
    | 'tooManyTriggers'
    | 'secondsRange'
    | 'percentRange'
    | 'countRange'
    | 'selectorRequired'
    | 'weightRange'
    | 'discountCodeTooLong'
    | 'formRequired'
    | 'urlRequired'
    | 'utmRequired'
    | 'scheduleOrder'
    | 'hoursRange'
    | 'daysRange';
};

/** What publishing needs besides a valid draft (the checklist; `weights` is the database's refusal). */
export type PublishGaps = { sites: boolean; weights: boolean; consent: boolean; headings: boolean };

const HEX = /^#[0-9a-f]{6}$/i;
const whole = (value: number) => Number.isInteger(value);
const between = (value: number, min: number, max: number) => whole(value) && value >= min && value <= max;

function triggerProblem(trigger: Trigger): DraftProblem['code'] | null {
  switch (trigger.kind) {
    case 'delay':
    case 'inactivity':
      return between(trigger.seconds, 1, 3600) ? null : 'secondsRange';
    case 'scroll':
      return between(trigger.percent, 1, 100) ? null : 'percentRange';
    case 'page_views':
    case 'sessions':
      return between(trigger.count, 1, 100) ? null : 'countRange';
    case 'click':
      return trigger.selector.trim() ? null : 'selectorRequired';
    case 'exit_intent':
      return null;
  }
}

const ruleProblems = (rules: readonly UrlRule[] | undefined, field: string): DraftProblem[] =>
  (rules ?? []).flatMap((rule, index) =>
    rule.value.trim() ? [] : [{ field: `${field}.${index}`, code: 'urlRequired' as const }],
  );

/** `published`: the database keeps a published campaign's consent text (campaigns_consent_before_publish). */
export function validateDraft(draft: PopupDraft, { published = false } = {}): DraftProblem[] {
  const problems: DraftProblem[] = [];
  const add = (field: string, code: DraftProblem['code']) => problems.push({ field, code });
  const name = draft.name.trim();
  if (!name) add('name', 'nameRequired');
  else if (name.length > MAX_NAME) add('name', 'nameTooLong');
  if (published && !draft.consentText.trim()) add('consentText', 'consentRequired');
  if (!between(draft.priority, 0, 100)) add('priority', 'priorityRange');
  if (!between(draft.design.radius, 0, MAX_RADIUS)) add('design.radius', 'radiusRange');
  for (const key of ['accent', 'background', 'text'] as const)
    if (!HEX.test(draft.design[key])) add(`design.${key}`, 'colour');

  if (draft.triggers.length > MAX_TRIGGERS) add('triggers', 'tooManyTriggers');
  draft.triggers.forEach((trigger, index) => {
    const code = triggerProblem(trigger);
    if (code) add(`triggers.${index}`, code);
  });

  for (const variant of draft.variants) {
    const at = `variants.${variant.label}`;
    if (!between(variant.weight, 1, 100)) add(`${at}.weight`, 'weightRange');
    if (variant.discountCode.trim().length > MAX_DISCOUNT_CODE)
      add(`${at}.discountCode`, 'discountCodeTooLong');
    if (variant.content.field === 'form' && !variant.content.form_id) add(`${at}.form`, 'formRequired');
  }

  const { targeting, frequency } = draft;
  problems.push(...ruleProblems(targeting.urls?.include, 'targeting.urls.include'));
  problems.push(...ruleProblems(targeting.urls?.exclude, 'targeting.urls.exclude'));
  if (targeting.referrer && !targeting.referrer.value.trim()) add('targeting.referrer', 'urlRequired');
  Object.entries(targeting.utm ?? {}).forEach(([key, value], index) => {
    if (!key.trim() || !value.trim()) add(`targeting.utm.${index}`, 'utmRequired');
  });
  const schedule = targeting.schedule;
  if (schedule?.from && schedule.until && schedule.from > schedule.until)
    add('targeting.schedule.until', 'scheduleOrder');
  if (schedule?.hours) {
    const [from, until] = schedule.hours;
    if (!between(from, 0, 23) || !between(until, 0, 24) || from === until)
      add('targeting.schedule.hours', 'hoursRange');
  }
  if (schedule?.days?.length === 0) add('targeting.schedule.days', 'daysRange');
  if (frequency.after_close_days !== undefined && !between(frequency.after_close_days, 0, 365))
    add('frequency.after_close_days', 'wholeNumber');
  return problems;
}

export function publishGaps(draft: PopupDraft, siteCount: number): PublishGaps {
  return {
    sites: siteCount === 0,
    weights: weightSum(draft.variants) !== 100,
    consent: !draft.consentText.trim(),
    headings: draft.variants.some((variant) => !variant.content.heading.trim()),
  };
}
