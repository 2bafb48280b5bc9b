import { osloClock } from './oslo';
import type { Device, Schedule, Targeting, UrlRule } from './types';

/** The page and visitor a popup is targeted against. */
export type PageContext = {
  /** The page's path with its query, `/bad?x=1`. */
  path: string;
  device: Device;
  /** The page that sent the visitor to the site (the session's first), '' when none. */
  referrer: string;
  /** The session's UTM parameters (from its landing page). */
  utm: Readonly<Record<string, string>>;
  /** The visitor has had a session on the site before this one. */
  returning: boolean;
  now: number;
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `*` is any run of characters (none included); nothing else is special. */
const wildcard = (pattern: string) => new RegExp(`^${pattern.split('*').map(escapeRegExp).join('.*')}$`);

export function urlMatches(rule: UrlRule, text: string): boolean {
  switch (rule.match) {
    case 'equals':
      return text === rule.value;
    case 'contains':
      return text.includes(rule.value);
    case 'starts_with':
      return text.startsWith(rule.value);
    case 'wildcard':
      return wildcard(rule.value).test(text);
    default:
      return false;
  }
}

/** Mobile: a phone's browser; a tablet counts as desktop (its screen fits a desktop popup). */
export const deviceOf = (userAgent: string): Device =>
  /iPhone|iPod|Android.*Mobile|Mobile.*Firefox|Windows Phone|Mobi/i.test(userAgent) &&
  !/iPad|Tablet/i.test(userAgent)
    ? 'mobile'
    : 'desktop';

/** The `utm_*` parameters of a query string, names and values as given. */
export function utmOf(search: string): Record<string, string> {
  const utm: Record<string, string> = {};
  new URLSearchParams(search).forEach((value, name) => {
    if (name.startsWith('utm_')) utm[name] = value;
  });
  return utm;
}

export function scheduleHolds(schedule: Schedule, now: number): boolean {
  const clock = osloClock(now);
  if (schedule.from && clock.minute < schedule.from) return false;
  if (schedule.until && clock.minute > schedule.until) return false;
  if (schedule.days?.length && !schedule.days.includes(clock.weekday)) return false;
  if (schedule.hours) {
    const [from, until] = schedule.hours;
    const inside =
      from <= until ? clock.hour >= from && clock.hour < until : clock.hour >= from || clock.hour < until;
    if (!inside) return false;
  }
  return true;
}

/** Every rule must hold; a missing rule holds. */
export function targetingHolds(targeting: Targeting, page: PageContext): boolean {
  const { urls, devices, referrer, utm, visitor, schedule } = targeting;
  if (urls?.include?.length && !urls.include.some((rule) => urlMatches(rule, page.path))) return false;
  if (urls?.exclude?.some((rule) => urlMatches(rule, page.path))) return false;
  if (devices?.length && !devices.includes(page.device)) return false;
  if (referrer && !urlMatches(referrer, page.referrer)) return false;
  if (utm) {
    for (const [name, value] of Object.entries(utm)) {
      if ((page.utm[name] ?? '').toLowerCase() !== value.toLowerCase()) return false;
    }
  }
  if (visitor === 'new' && page.returning) return false;
  if (visitor === 'returning' && !page.returning) return false;
  if (schedule && !scheduleHolds(schedule, page.now)) return false;
  return true;
}
