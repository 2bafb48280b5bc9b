import { candidates, decide } from '@/popup-snippet/rules/decide';
import { popupMayShowAgain, siteAllowsAnother } from '@/popup-snippet/rules/frequency';
import type { Popup } from '@/popup-snippet/rules/types';
import { pickVariant } from '@/popup-snippet/rules/variant';
import {
  recordClosed,
  recordConverted,
  recordShown,
  SESSION_GAP_MS,
  viewPage,
  type VisitorState,
} from '@/popup-snippet/rules/visitor';
import { config, NOON, page, popup, signals, variant, visitor } from './fixtures';

const DAY = 24 * 60 * 60 * 1000;
const MINUTE = 60 * 1000;

describe('the popup caps', () => {
  it.each<[string, Partial<Popup>, Partial<VisitorState>, number, boolean]>([
    ['never shown', {}, {}, NOON, true],
    ['converted long ago', {}, { popups: { p1: { converted_at: NOON - 400 * DAY } } }, NOON, false],
    ['closed 29 days ago (default 30)', {}, { popups: { p1: { closed_at: NOON - 29 * DAY } } }, NOON, false],
    ['closed 30 days ago (default 30)', {}, { popups: { p1: { closed_at: NOON - 30 * DAY } } }, NOON, true],
    [
      'closed 6 days ago, 7 days set',
      { frequency: { after_close_days: 7 } },
      { popups: { p1: { closed_at: NOON - 6 * DAY } } },
      NOON,
      false,
    ],
    [
      'closed 7 days ago, 7 days set',
      { frequency: { after_close_days: 7 } },
      { popups: { p1: { closed_at: NOON - 7 * DAY } } },
      NOON,
      true,
    ],
    [
      'closed a minute ago, 0 days set',
      { frequency: { after_close_days: 0 } },
      { popups: { p1: { closed_at: NOON - MINUTE } } },
      NOON,
      true,
    ],
    [
      'closed on this page view, 0 days set',
      { frequency: { after_close_days: 0 } },
      { page_views: 4, popups: { p1: { closed_at: NOON - MINUTE, shown_page_view: 4 } } },
      NOON,
      false,
    ],
    [
      'closed on the previous page view, 0 days set',
      { frequency: { after_close_days: 0 } },
      { page_views: 5, popups: { p1: { closed_at: NOON - MINUTE, shown_page_view: 4 } } },
      NOON,
      true,
    ],
    [
      'shown this session, once a session',
      { frequency: { once_per_session: true } },
      { sessions: 3, popups: { p1: { shown_session: 3 } } },
      NOON,
      false,
    ],
    [
      'shown last session, once a session',
      { frequency: { once_per_session: true } },
      { sessions: 3, popups: { p1: { shown_session: 2 } } },
      NOON,
      true,
    ],
    [
      'shown this session, no session cap',
      {},
      { sessions: 3, popups: { p1: { shown_session: 3 } } },
      NOON,
      true,
    ],
  ])('%s: %s', (_name, change, state, now, allowed) => {
    expect(popupMayShowAgain(popup(change), visitor(state), now)).toBe(allowed);
  });

  const site = { id: 's1', domain: 'fjordror.no', max_per_session: 2, max_per_day: 3 };
  it.each<[string, Partial<VisitorState>, boolean]>([
    ['none shown', {}, true],
    ['one of two this session', { session_shows: 1 }, true],
    ['two of two this session', { session_shows: 2 }, false],
    ['three of three today', { day: '2026-11-28', day_shows: 3 }, false],
    ['three yesterday', { day: '2026-11-27', day_shows: 3 }, true],
  ])('the site caps, %s: %s', (_name, state, allowed) => {
    expect(siteAllowsAnother(site, visitor(state), NOON)).toBe(allowed);
  });

  it('counts shows per session and per Oslo day', () => {
    let state = recordShown(visitor(), 'p1', 'a', NOON);
    expect(state).toMatchObject({ session_shows: 1, day: '2026-11-28', day_shows: 1 });
    expect(state.popups.p1).toEqual({
      shown_session: 1,
      shown_page_view: visitor().page_views,
      variant: 'a',
    });
    // 23:30 Oslo the same day, then 00:30 the next: a new day starts the count again.
    state = recordShown(state, 'p2', 'a', Date.parse('2026-11-28T22:30:00Z'));
    expect(state).toMatchObject({ session_shows: 2, day_shows: 2 });
    state = recordShown(state, 'p3', 'a', Date.parse('2026-11-28T23:30:00Z'));
    expect(state).toMatchObject({ session_shows: 3, day: '2026-11-29', day_shows: 1 });
  });
});

describe('sessions and page views', () => {
  it('starts a session after 30 minutes without a page view and keeps its landing source', () => {
    const landing = { referrer: 'https://www.google.no/', utm: { utm_source: 'nyhetsbrev' } };
    let state = viewPage(visitor({ page_views: 0, sessions: 0 }), NOON, landing);
    expect(state).toMatchObject({ page_views: 1, sessions: 1, referrer: landing.referrer, utm: landing.utm });
    state = recordShown(state, 'p1', 'a', NOON);
    state = viewPage(state, NOON + SESSION_GAP_MS - 1, { referrer: 'https://fjordror.no/', utm: {} });
    expect(state).toMatchObject({ page_views: 2, sessions: 1, session_shows: 1, referrer: landing.referrer });
    expect(state.utm).toEqual(landing.utm);
    state = viewPage(state, NOON + 2 * SESSION_GAP_MS, { referrer: '', utm: {} });
    expect(state).toMatchObject({ page_views: 3, sessions: 2, session_shows: 0, referrer: '', utm: {} });
  });
});

describe('the sticky variant', () => {
  const split = popup({ id: 'split', variants: [variant('a', 50), variant('b', 30), variant('c', 20)] });

  it('puts 10 000 visitors within ±2 % of the weights, each always on the same variant', () => {
    const counts = new Map<string, number>();
    for (let index = 0; index < 10_000; index += 1) {
      const id = `${index.toString(36)}-${(index * 7919).toString(16)}`;
      const picked = pickVariant(split, id)!.id;
      expect(pickVariant(split, id)!.id).toBe(picked);
      counts.set(picked, (counts.get(picked) ?? 0) + 1);
    }
    for (const { id, weight } of split.variants) {
      expect(Math.abs((counts.get(id) ?? 0) / 100 - weight)).toBeLessThanOrEqual(2);
    }
  });

  it('keeps a remembered variant while it exists, and picks again when it is gone', () => {
    expect(pickVariant(split, 'v1', 'c')!.id).toBe('c');
    expect(['a', 'b', 'c']).toContain(pickVariant(split, 'v1', 'gone')!.id);
    expect(pickVariant(popup({ variants: [variant('only', 100)] }), 'v1')!.id).toBe('only');
  });
});

describe('decide', () => {
  const early = popup({ id: 'p-a', priority: 10, triggers: [{ kind: 'delay', seconds: 8 }] });
  const exit = popup({ id: 'p-b', priority: 50, triggers: [{ kind: 'exit_intent' }] });
  const twin = popup({ id: 'p-0', priority: 10, triggers: [{ kind: 'delay', seconds: 8 }] });

  it('shows nothing before a trigger fires', () => {
    expect(decide(config([early, exit]), visitor(), page(), signals({ elapsedMs: 1000 }), false)).toBeNull();
  });

  it('shows the popup whose trigger fired', () => {
    const decision = decide(config([early, exit]), visitor(), page(), signals({ elapsedMs: 8000 }), false);
    expect(decision?.popup.id).toBe('p-a');
    expect(decision?.variant.id).toBe('a');
  });

  it('shows the highest priority when two fire, then the lower id on a tie', () => {
    const both = signals({ elapsedMs: 8000, exitIntent: true });
    expect(decide(config([early, exit]), visitor(), page(), both, false)?.popup.id).toBe('p-b');
    expect(decide(config([early, twin]), visitor(), page(), both, false)?.popup.id).toBe('p-0');
  });

  it('never shows two at once', () => {
    expect(decide(config([early]), visitor(), page(), signals({ elapsedMs: 9000 }), true)).toBeNull();
  });

  it('leaves out what targeting or the caps refuse', () => {
    const onBad = popup({
      id: 'p-c',
      targeting: { urls: { include: [{ match: 'starts_with', value: '/bad' }] } },
    });
    expect(candidates(config([onBad]), visitor(), page({ path: '/kjokken' }))).toEqual([]);
    expect(candidates(config([onBad]), visitor(), page({ path: '/bad' }))).toEqual([onBad]);
    const closed = recordClosed(visitor(), 'p-c', NOON - DAY);
    expect(candidates(config([onBad]), closed, page({ path: '/bad' }))).toEqual([]);
    const converted = recordConverted(visitor(), 'p-c', NOON - 100 * DAY);
    expect(candidates(config([onBad]), converted, page({ path: '/bad' }))).toEqual([]);
  });

  it('stops at the site cap: one a session by default', () => {
    const shown = recordShown(visitor(), 'p-a', 'a', NOON);
    expect(decide(config([early, exit]), shown, page(), signals({ exitIntent: true }), false)).toBeNull();
    const twoAllowed = config([early, exit], { max_per_session: 2, max_per_day: 2 });
    expect(decide(twoAllowed, shown, page(), signals({ exitIntent: true }), false)?.popup.id).toBe('p-b');
  });

  it('shows nothing for an unknown site', () => {
    expect(
      decide({ site: null, popups: [] }, visitor(), page(), signals({ elapsedMs: 9000 }), false),
    ).toBeNull();
  });
});
