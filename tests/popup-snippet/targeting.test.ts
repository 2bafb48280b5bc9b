import { osloClock } from '@/popup-snippet/rules/oslo';
import { deviceOf, scheduleHolds, targetingHolds, urlMatches, utmOf } from '@/popup-snippet/rules/targeting';
import type { Schedule, Targeting, UrlRule } from '@/popup-snippet/rules/types';
import { page } from './fixtures';

const at = (iso: string) => Date.parse(iso);

describe('URL rules (path with query)', () => {
  it.each<[UrlRule, string, boolean]>([
    [{ match: 'equals', value: '/bad' }, '/bad', true],
    [{ match: 'equals', value: '/bad' }, '/bad?x=1', false],
    [{ match: 'contains', value: 'tilbud' }, '/bad/tilbud-2026', true],
    [{ match: 'contains', value: 'x=1' }, '/bad?x=1', true],
    [{ match: 'contains', value: 'tilbud' }, '/bad', false],
    [{ match: 'starts_with', value: '/bad' }, '/baderom?side=2', true],
    [{ match: 'starts_with', value: '/bad' }, '/kjokken/bad', false],
    [{ match: 'wildcard', value: '/kasse/*' }, '/kasse/betal', true],
    [{ match: 'wildcard', value: '/kasse/*' }, '/kasse', false],
    [{ match: 'wildcard', value: '/*/tilbud' }, '/bad/tilbud', true],
    [{ match: 'wildcard', value: '/*/tilbud' }, '/bad/tilbud/mer', false],
    // Nothing but `*` is special: a dot or a question mark is itself.
    [{ match: 'wildcard', value: '/side.html?x=*' }, '/side.html?x=2', true],
    [{ match: 'wildcard', value: '/side.html?x=*' }, '/sideXhtml?x=2', false],
    [{ match: 'wildcard', value: '/(a|b)' }, '/a', false],
  ])('%o on %s: %s', (rule, path, matches) => {
    expect(urlMatches(rule, path)).toBe(matches);
  });

  it('shows only on an included page that no exclusion names', () => {
    const targeting: Targeting = {
      urls: {
        include: [{ match: 'starts_with', value: '/bad' }],
        exclude: [{ match: 'wildcard', value: '/bad/kasse*' }],
      },
    };
    expect(targetingHolds(targeting, page({ path: '/bad/dusj' }))).toBe(true);
    expect(targetingHolds(targeting, page({ path: '/bad/kasse?steg=2' }))).toBe(false);
    expect(targetingHolds(targeting, page({ path: '/kjokken' }))).toBe(false);
    expect(targetingHolds({ urls: { exclude: [{ match: 'equals', value: '/' }] } }, page())).toBe(false);
  });
});

describe('device, referrer, UTM and visitor', () => {
  it.each([
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148 Safari/604.1', 'mobile'],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/120.0 Mobile Safari/537.36', 'mobile'],
    ['Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) Mobile/15E148 Safari/604.1', 'desktop'],
    ['Mozilla/5.0 (Linux; Android 14; SM-X710) Chrome/120.0 Safari/537.36', 'desktop'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/120.0 Safari/537.36', 'desktop'],
  ])('%s is %s', (userAgent, device) => {
    expect(deviceOf(userAgent)).toBe(device);
  });

  it.each<[string, Targeting, Parameters<typeof page>[0], boolean]>([
    ['a device in the list', { devices: ['mobile'] }, { device: 'mobile' }, true],
    ['a device not in the list', { devices: ['mobile'] }, { device: 'desktop' }, false],
    [
      'a matching referrer',
      { referrer: { match: 'contains', value: 'google.' } },
      { referrer: 'https://www.google.no/' },
      true,
    ],
    [
      'another referrer',
      { referrer: { match: 'contains', value: 'google.' } },
      { referrer: 'https://bing.com/' },
      false,
    ],
    ['no referrer', { referrer: { match: 'contains', value: 'google.' } }, { referrer: '' }, false],
    [
      'the UTM source (any case)',
      { utm: { utm_source: 'nyhetsbrev' } },
      { utm: { utm_source: 'Nyhetsbrev' } },
      true,
    ],
    ['another UTM source', { utm: { utm_source: 'nyhetsbrev' } }, { utm: { utm_source: 'facebook' } }, false],
    ['no UTM', { utm: { utm_source: 'nyhetsbrev' } }, { utm: {} }, false],
    ['a new visitor for new', { visitor: 'new' }, { returning: false }, true],
    ['a returning visitor for new', { visitor: 'new' }, { returning: true }, false],
    ['a returning visitor for returning', { visitor: 'returning' }, { returning: true }, true],
    ['a new visitor for returning', { visitor: 'returning' }, { returning: false }, false],
    ['anyone for any', { visitor: 'any' }, { returning: true }, true],
    ['no rules', {}, {}, true],
  ])('%s', (_name, targeting, context, holds) => {
    expect(targetingHolds(targeting, page(context))).toBe(holds);
  });

  it('reads the UTM parameters of a query', () => {
    expect(utmOf('?utm_source=nyhetsbrev&x=1&utm_campaign=jul')).toEqual({
      utm_source: 'nyhetsbrev',
      utm_campaign: 'jul',
    });
  });
});

describe('schedule in Oslo wall-clock time', () => {
  it.each<[string, string, number, number, string]>([
    // The tests run in America/Los_Angeles: the visitor's own zone must not matter.
    ['winter noon', '2026-11-28T11:00:00Z', 12, 6, '2026-11-28T12:00'],
    ['summer noon', '2026-07-01T10:00:00Z', 12, 3, '2026-07-01T12:00'],
    ['Monday just after midnight (Sunday in UTC)', '2026-11-29T23:30:00Z', 0, 1, '2026-11-30T00:30'],
    ['the last minute before summer time', '2026-03-29T00:59:00Z', 1, 7, '2026-03-29T01:59'],
    ['the first minute of summer time', '2026-03-29T01:00:00Z', 3, 7, '2026-03-29T03:00'],
    ['02:30 the first time in October', '2026-10-25T00:30:00Z', 2, 7, '2026-10-25T02:30'],
    ['02:30 the second time in October', '2026-10-25T01:30:00Z', 2, 7, '2026-10-25T02:30'],
  ])('%s', (_name, iso, hour, weekday, minute) => {
    expect(osloClock(at(iso))).toEqual({ date: minute.slice(0, 10), minute, hour, weekday });
  });

  const advent: Schedule = { from: '2026-12-01T00:00', until: '2026-12-24T23:59' };
  it.each<[string, Schedule, string, boolean]>([
    ['before from', advent, '2026-11-30T22:59:00Z', false],
    ['at from (Oslo midnight)', advent, '2026-11-30T23:00:00Z', true],
    ['the last minute', advent, '2026-12-24T22:59:30Z', true],
    ['after until', advent, '2026-12-24T23:00:00Z', false],
    ['a weekday', { days: [1, 2, 3, 4, 5] }, '2026-11-27T11:00:00Z', true],
    ['Saturday', { days: [1, 2, 3, 4, 5] }, '2026-11-28T11:00:00Z', false],
    ['Monday 00:30 Oslo, still Sunday in UTC', { days: [1] }, '2026-11-29T23:30:00Z', true],
    ['Sunday 23:30 Oslo', { days: [7] }, '2026-11-29T22:30:00Z', true],
    ['08:00 in summer', { hours: [8, 20] }, '2026-07-01T06:00:00Z', true],
    ['07:59 in summer', { hours: [8, 20] }, '2026-07-01T05:59:00Z', false],
    ['20:00 is past [8, 20)', { hours: [8, 20] }, '2026-11-28T19:00:00Z', false],
    ['19:59 in winter', { hours: [8, 20] }, '2026-11-28T18:59:00Z', true],
    ['over midnight, 23:00', { hours: [22, 6] }, '2026-11-28T22:00:00Z', true],
    ['over midnight, 05:00', { hours: [22, 6] }, '2026-11-28T04:00:00Z', true],
    ['over midnight, 12:00', { hours: [22, 6] }, '2026-11-28T11:00:00Z', false],
    ['the spring-forward night, 03:00 Oslo in [3, 4)', { hours: [3, 4] }, '2026-03-29T01:00:00Z', true],
    ['the spring-forward night, 01:59 Oslo in [2, 3)', { hours: [2, 3] }, '2026-03-29T00:59:00Z', false],
    ['the fall-back night, the repeated 02:xx in [2, 3)', { hours: [2, 3] }, '2026-10-25T01:30:00Z', true],
  ])('%s', (_name, schedule, iso, holds) => {
    expect(scheduleHolds(schedule, at(iso))).toBe(holds);
    expect(targetingHolds({ schedule }, page({ now: at(iso) }))).toBe(holds);
  });
});
