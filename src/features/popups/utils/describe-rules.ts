import type { Targeting, Trigger, UrlMatch, UrlRule } from '@/popup-snippet/rules/types';

/**
 * The display rules as one sentence each, in the editor's language: «Vises på sider som begynner med
 * /bad, på mobil og PC, for nye besøkende, mandag–fredag 08–20.» Pure, so the words can be tested.
 */

type Words = {
  shown: string;
  allPages: string;
  pages: (rules: string) => string;
  except: (rules: string) => string;
  match: Record<UrlMatch, (value: string) => string>;
  or: string;
  and: string;
  devices: { both: string; mobile: string; desktop: string };
  referrer: (rule: string) => string;
  referrerMatch: Record<UrlMatch, (value: string) => string>;
  utm: (pairs: string) => string;
  visitor: { new: string; returning: string; any: string };
  from: (when: string) => string;
  until: (when: string) => string;
  at: (date: string, time: string) => string;
  months: readonly string[];
  days: readonly string[];
  everyDay: string;
  hoursOnly: (hours: string) => string;
  triggers: {
    none: string;
    delay: (seconds: number) => string;
    scroll: (percent: number) => string;
    exit_intent: string;
    inactivity: (seconds: number) => string;
    click: (selector: string) => string;
    page_views: (count: number) => string;
    sessions: (count: number) => string;
  };
};

const NB: Words = {
  shown: 'Vises',
  allPages: 'på alle sider',
  pages: (rules) => `på sider som ${rules}`,
  except: (rules) => `men ikke på sider som ${rules}`,
  match: {
    equals: (value) => `er ${value}`,
    contains: (value) => `inneholder ${value}`,
    starts_with: (value) => `begynner med ${value}`,
    wildcard: (value) => `passer til ${value}`,
  },
  or: 'eller',
  and: 'og',
  devices: { both: 'på mobil og PC', mobile: 'bare på mobil', desktop: 'bare på PC' },
  referrer: (rule) => `når besøkende kommer fra en adresse som ${rule}`,
  referrerMatch: {
    equals: (value) => `er ${value}`,
    contains: (value) => `inneholder ${value}`,
    starts_with: (value) => `begynner med ${value}`,
    wildcard: (value) => `passer til ${value}`,
  },
  utm: (pairs) => `når lenken har ${pairs}`,
  visitor: {
    new: 'for nye besøkende',
    returning: 'for besøkende som har vært her før',
    any: 'for alle besøkende',
  },
  from: (when) => `fra ${when}`,
  until: (when) => `til ${when}`,
  at: (date, time) => `${date} kl. ${time}`,
  months: [
    'januar',
    'februar',
    'mars',
    'april',
    'mai',
    'juni',
    'juli',
    'august',
    'september',
    'oktober',
    'november',
    'desember',
  ],
  days: ['mandag', 'tirsdag', 'onsdag', 'torsdag', 'fredag', 'lørdag', 'søndag'],
  everyDay: 'hver dag',
  hoursOnly: (hours) => `kl. ${hours}`,
  triggers: {
    none: 'Vises aldri: legg til minst én utløser.',
    delay: (seconds) => `etter ${seconds} sekunder på siden`,
    scroll: (percent) => `når besøkende har scrollet ${percent} % av siden`,
    exit_intent: 'når besøkende er på vei bort',
    inactivity: (seconds) => `etter ${seconds} sekunder uten aktivitet`,
    click: (selector) => `ved klikk på ${selector}`,
    page_views: (count) => `fra sidevisning nummer ${count}`,
    sessions: (count) => `fra besøk nummer ${count}`,
  },
};

const EN: Words = {
  shown: 'Shown',
  allPages: 'on every page',
  pages: (rules) => `on pages that ${rules}`,
  except: (rules) => `but not on pages that ${rules}`,
  match: {
    equals: (value) => `are ${value}`,
    contains: (value) => `contain ${value}`,
    starts_with: (value) => `start with ${value}`,
    wildcard: (value) => `match ${value}`,
  },
  or: 'or',
  and: 'and',
  devices: { both: 'on phones and computers', mobile: 'on phones only', desktop: 'on computers only' },
  referrer: (rule) => `when visitors come from an address that ${rule}`,
  referrerMatch: {
    equals: (value) => `is ${value}`,
    contains: (value) => `contains ${value}`,
    starts_with: (value) => `starts with ${value}`,
    wildcard: (value) => `matches ${value}`,
  },
  utm: (pairs) => `when the link has ${pairs}`,
  visitor: { new: 'to new visitors', returning: 'to returning visitors', any: 'to every visitor' },
  from: (when) => `from ${when}`,
  until: (when) => `until ${when}`,
  at: (date, time) => `${date} at ${time}`,
  months: [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ],
  days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
  everyDay: 'every day',
  hoursOnly: (hours) => `${hours}`,
  triggers: {
    none: 'Never shown: add at least one trigger.',
    delay: (seconds) => `after ${seconds} seconds on the page`,
    scroll: (percent) => `when visitors have scrolled ${percent} % of the page`,
    exit_intent: 'when visitors are about to leave',
    inactivity: (seconds) => `after ${seconds} seconds without activity`,
    click: (selector) => `on a click on ${selector}`,
    page_views: (count) => `from page view number ${count}`,
    sessions: (count) => `from visit number ${count}`,
  },
};

const wordsFor = (language: string) => (language.startsWith('en') ? EN : NB);

/** «a, b og c». */
function list(items: readonly string[], conjunction: string): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${conjunction} ${items.at(-1)}`;
}

const rules = (items: readonly UrlRule[], words: Words) =>
  list(
    items.map((rule) => words.match[rule.match](rule.value)),
    words.or,
  );

/** `2026-12-01T08:00` as «1. desember 2026 kl. 08:00» (an Oslo wall-clock string, read as written). */
function wallClock(value: string, words: Words, language: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}:\d{2})/.exec(value);
  if (!match) return value;
  const [, year, month, day, time] = match;
  const monthName = words.months[Number(month) - 1] ?? month;
  const date = language.startsWith('en')
    ? `${Number(day)} ${monthName} ${year}`
    : `${Number(day)}. ${monthName} ${year}`;
  return words.at(date, time ?? '');
}

/** Days 1–7 as runs: [1,2,3,4,5] «mandag–fredag», [1,3,5] «mandag, onsdag og fredag». */
function dayRuns(days: readonly number[], words: Words): string {
  const sorted = [...new Set(days)].filter((day) => day >= 1 && day <= 7).sort((a, b) => a - b);
  if (sorted.length === 7 || sorted.length === 0) return words.everyDay;
  const runs: [number, number][] = [];
  for (const day of sorted) {
    const last = runs.at(-1);
    if (last && day === last[1] + 1) last[1] = day;
    else runs.push([day, day]);
  }
  const name = (day: number) => words.days[day - 1] ?? '';
  return list(
    runs.flatMap(([from, to]) =>
      to - from >= 2 ? [`${name(from)}–${name(to)}`] : from === to ? [name(from)] : [name(from), name(to)],
    ),
    words.and,
  );
}

const hour = (value: number) => String(value).padStart(2, '0');

/** The targeting as one sentence; every part that is not set holds for all and is said as such. */
export function describeTargeting(targeting: Targeting, language = 'nb'): string {
  const words = wordsFor(language);
  const parts: string[] = [];
  const include = targeting.urls?.include?.filter((rule) => rule.value.trim()) ?? [];
  const exclude = targeting.urls?.exclude?.filter((rule) => rule.value.trim()) ?? [];
  parts.push(include.length > 0 ? words.pages(rules(include, words)) : words.allPages);
  if (exclude.length > 0) parts.push(words.except(rules(exclude, words)));
  const devices = targeting.devices ?? [];
  parts.push(
    devices.length === 1 && devices[0] === 'mobile'
      ? words.devices.mobile
      : devices.length === 1 && devices[0] === 'desktop'
        ? words.devices.desktop
        : words.devices.both,
  );
  parts.push(words.visitor[targeting.visitor ?? 'any']);
  if (targeting.referrer?.value.trim())
    parts.push(words.referrer(words.referrerMatch[targeting.referrer.match](targeting.referrer.value)));
  const utm = Object.entries(targeting.utm ?? {}).filter(([key, value]) => key.trim() && value.trim());
  if (utm.length > 0)
    parts.push(
      words.utm(
        list(
          utm.map(([key, value]) => `${key}=${value}`),
          words.and,
        ),
      ),
    );
  const schedule = targeting.schedule ?? {};
  if (schedule.from) parts.push(words.from(wallClock(schedule.from, words, language)));
  if (schedule.until) parts.push(words.until(wallClock(schedule.until, words, language)));
  const hours = schedule.hours ? `${hour(schedule.hours[0])}–${hour(schedule.hours[1])}` : null;
  if (schedule.days && schedule.days.length > 0 && schedule.days.length < 7) {
    parts.push(hours ? `${dayRuns(schedule.days, words)} ${hours}` : dayRuns(schedule.days, words));
  } else if (hours) {
    parts.push(`${words.everyDay} ${words.hoursOnly(hours)}`);
  }
  return `${words.shown} ${parts.join(', ')}.`;
}

/** The triggers as one sentence: any of them shows the popup. */
export function describeTriggers(triggers: readonly Trigger[], language = 'nb'): string {
  const words = wordsFor(language);
  if (triggers.length === 0) return words.triggers.none;
  const said = triggers.map((trigger) => {
    switch (trigger.kind) {
      case 'delay':
        return words.triggers.delay(trigger.seconds);
      case 'scroll':
        return words.triggers.scroll(trigger.percent);
      case 'exit_intent':
        return words.triggers.exit_intent;
      case 'inactivity':
        return words.triggers.inactivity(trigger.seconds);
      case 'click':
        return words.triggers.click(trigger.selector);
      case 'page_views':
        return words.triggers.page_views(trigger.count);
      case 'sessions':
        return words.triggers.sessions(trigger.count);
    }
  });
  return `${words.shown} ${list(said, words.or)}.`;
}
