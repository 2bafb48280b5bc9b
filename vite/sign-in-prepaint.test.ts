import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { signInPrepaintScript, withSignInPrepaint } from './sign-in-prepaint.ts';

const INDEX = '<body>\n    <div id="root"></div>\n  </body>';

/** Runs the inline script on a page and tells what it did to `#root`. */
interface Visit {
  pathname?: string;
  hash?: string;
  historyState?: unknown;
  storage?: Record<string, string>;
}

function run({ pathname = '/auth', hash = '', historyState = null, storage = {} }: Visit = {}) {
  const children = [{ inert: false, nextElementSibling: null as unknown }];
  const root = {
    attributes: new Set<string>(),
    appended: false,
    firstElementChild: null as (typeof children)[number] | null,
    appendChild() {
      this.appended = true;
      this.firstElementChild = children[0];
    },
    setAttribute(name: string) {
      this.attributes.add(name);
    },
  };
  const template = { content: { cloneNode: () => ({}) } };
  const keys = Object.keys(storage);
  runInNewContext(signInPrepaintScript(), {
    location: { pathname, hash },
    history: { state: historyState },
    localStorage: {
      getItem: (key: string) => storage[key] ?? null,
      key: (index: number) => keys[index] ?? null,
      length: keys.length,
    },
    document: { getElementById: (id: string) => (id === 'root' ? root : template) },
  });
  return {
    painted: root.appended,
    prepaintMark: root.attributes.has('data-prepaint'),
    inert: children[0].inert,
  };
}

describe('signInPrepaintScript', () => {
  it('paints the sign-in form on /auth, inert until the app takes over, and marks #root', () => {
    expect(run()).toEqual({ painted: true, prepaintMark: true, inert: true });
    expect(run({ pathname: '/auth/' }).painted).toBe(true);
    expect(run({ storage: { 'leadtorget.language': 'nb' } }).painted).toBe(true);
  });

  it('paints nothing where the app would show something else', () => {
    for (const pathname of ['/', '/auth/management', '/authx', '/calendar/iframe'])
      expect(run({ pathname }).painted).toBe(false);
    // A stored session (the app goes on to the target), another language, state from the app
    // (the sign-up step), tokens in the fragment (guard rule 1).
    expect(run({ storage: { 'sb-127-auth-token': '{}' } }).painted).toBe(false);
    expect(run({ storage: { 'leadtorget.language': 'en' } }).painted).toBe(false);
    expect(run({ historyState: { usr: { signUp: true } } }).painted).toBe(false);
    expect(run({ hash: '#access_token=x' }).painted).toBe(false);
  });
});

describe('withSignInPrepaint', () => {
  it('puts the template and its script right after the empty #root', () => {
    const html = withSignInPrepaint(INDEX, '<h1>Logg inn</h1>');
    expect(html).toMatch(
      /<div id="root"><\/div>\n\s*<template id="sign-in-prepaint"><h1>Logg inn<\/h1><\/template>\n\s*<script>\(function\(\)/,
    );
  });

  it('refuses an index.html without an empty #root', () => {
    expect(() => withSignInPrepaint('<body></body>', '<h1>Logg inn</h1>')).toThrow(/#root/);
  });
});
