import {
  anyTriggerFires,
  fastScrollUp,
  pointerLeftThroughTop,
  scrollPercent,
  triggerFires,
} from '@/popup-snippet/rules/triggers';
import type { Trigger } from '@/popup-snippet/rules/types';
import { signals } from './fixtures';

describe('triggers', () => {
  it.each<[string, Trigger, Parameters<typeof signals>[0], boolean]>([
    ['delay before its time', { kind: 'delay', seconds: 8 }, { elapsedMs: 7999 }, false],
    ['delay at its time', { kind: 'delay', seconds: 8 }, { elapsedMs: 8000 }, true],
    ['scroll short of the depth', { kind: 'scroll', percent: 50 }, { scrollPercent: 49 }, false],
    ['scroll at the depth', { kind: 'scroll', percent: 50 }, { scrollPercent: 50 }, true],
    ['exit intent not seen', { kind: 'exit_intent' }, { exitIntent: false }, false],
    ['exit intent seen', { kind: 'exit_intent' }, { exitIntent: true }, true],
    ['inactivity too short', { kind: 'inactivity', seconds: 30 }, { idleMs: 29_999 }, false],
    ['inactivity long enough', { kind: 'inactivity', seconds: 30 }, { idleMs: 30_000 }, true],
    [
      'click on another selector',
      { kind: 'click', selector: '.vis-tilbud' },
      { clicked: new Set(['.annet']) },
      false,
    ],
    [
      'click on the selector',
      { kind: 'click', selector: '.vis-tilbud' },
      { clicked: new Set(['.vis-tilbud']) },
      true,
    ],
    ['page views too few', { kind: 'page_views', count: 3 }, { pageViews: 2 }, false],
    ['page views reached', { kind: 'page_views', count: 3 }, { pageViews: 3 }, true],
    ['sessions too few', { kind: 'sessions', count: 2 }, { sessions: 1 }, false],
    ['sessions reached', { kind: 'sessions', count: 2 }, { sessions: 2 }, true],
  ])('%s', (_name, trigger, observed, fires) => {
    expect(triggerFires(trigger, signals(observed))).toBe(fires);
  });

  it('fires a popup when any of its triggers fires, and at once without triggers', () => {
    const triggers: Trigger[] = [
      { kind: 'delay', seconds: 8 },
      { kind: 'scroll', percent: 50 },
    ];
    expect(anyTriggerFires(triggers, signals({ scrollPercent: 60 }))).toBe(true);
    expect(anyTriggerFires(triggers, signals({ elapsedMs: 1000 }))).toBe(false);
    expect(anyTriggerFires([], signals())).toBe(true);
  });

  it.each([
    [0, 800, 2400, 0],
    [800, 800, 2400, 50],
    [1600, 800, 2400, 100],
    [0, 800, 600, 100],
  ])('scroll %i of a %i px window on a %i px page is %i %%', (top, viewport, height, percent) => {
    expect(scrollPercent(top, viewport, height)).toBe(percent);
  });

  it.each([
    [0, true, true],
    [-3, true, true],
    [12, true, false],
    [0, false, false],
  ])('the pointer at y %i leaving the window (%s) is exit intent: %s', (y, left, intent) => {
    expect(pointerLeftThroughTop(y, left)).toBe(intent);
  });

  it.each([
    ['a fast scroll up past the first screen', { top: 2000, at: 0 }, { top: 1600, at: 300 }, true],
    ['a slow scroll up', { top: 2000, at: 0 }, { top: 1600, at: 900 }, false],
    ['a short scroll up', { top: 2000, at: 0 }, { top: 1900, at: 100 }, false],
    ['a scroll down', { top: 1600, at: 0 }, { top: 2000, at: 100 }, false],
    ['a scroll up on the first screen', { top: 700, at: 0 }, { top: 100, at: 100 }, false],
  ])('phone exit intent: %s', (_name, previous, next, intent) => {
    expect(fastScrollUp(previous, next, 800)).toBe(intent);
  });
});
