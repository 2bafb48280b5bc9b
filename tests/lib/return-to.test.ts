import { isSafeReturnPath, peekReturnTo, saveReturnTo, takeReturnTo } from '@/lib/return-to';

const KEY = 'leadtorget.return-to';

const SAFE = ['/', '/leads', '/leads/lead/abc-123?tab=notes#top', '/leads/marketplace/m1?lead=l1&ad=a1'];
const UNSAFE = [
  '//evil.com',
  '//evil.com/leads',
  'https://evil.com',
  'http://evil.com/leads',
  '/\\evil.com',
  '\\\\evil.com',
  'javascript:alert(1)',
  'leads',
  '',
];

describe('isSafeReturnPath', () => {
  it.each(SAFE)('keeps the same-origin path %j', (path) => {
    expect(isSafeReturnPath(path)).toBe(true);
  });

  it.each(UNSAFE)('refuses %j', (path) => {
    expect(isSafeReturnPath(path)).toBe(false);
  });

  // KNOWN BUG (src/lib/return-to.ts isSafeReturnPath): browsers strip ASCII tab and newline when
  // they parse a URL, so '/\t/evil.com' resolves to '//evil.com' on another origin. React Router's
  // push() falls back to window.location.assign() when pushState refuses a cross-origin URL, so
  // this would leave the site. Today's only writer (the guard loader) saves a parsed pathname, which
  // cannot hold these characters, so it is latent. Remove `.fails` once control characters and
  // whitespace are refused.
  it.each(['/\t/evil.com', '/\n/evil.com', '/\r/evil.com'])(
    'refuses %j, which a browser resolves to //evil.com',
    (path) => {
      expect(new URL(path, 'https://app.leadtorget.no').origin).not.toBe('https://app.leadtorget.no');
      expect(isSafeReturnPath(path)).toBe(false);
    },
  );

  it('refuses null and undefined', () => {
    expect(isSafeReturnPath(null)).toBe(false);
    expect(isSafeReturnPath(undefined)).toBe(false);
  });
});

describe('saveReturnTo / peekReturnTo / takeReturnTo', () => {
  it('stores a same-origin path in sessionStorage', () => {
    saveReturnTo('/leads?status=new');
    expect(sessionStorage.getItem(KEY)).toBe('/leads?status=new');
    expect(peekReturnTo()).toBe('/leads?status=new');
    // Peeking does not consume it.
    expect(peekReturnTo()).toBe('/leads?status=new');
  });

  it.each(UNSAFE)('does not store %j', (path) => {
    saveReturnTo(path);
    expect(sessionStorage.getItem(KEY)).toBeNull();
  });

  it('does not overwrite a stored path with an unsafe one', () => {
    saveReturnTo('/leads');
    saveReturnTo('//evil.com');
    expect(peekReturnTo()).toBe('/leads');
  });

  it('takeReturnTo returns the stored path and clears it', () => {
    saveReturnTo('/calendar/list');
    expect(takeReturnTo()).toBe('/calendar/list');
    expect(sessionStorage.getItem(KEY)).toBeNull();
    expect(takeReturnTo()).toBe('/');
  });

  it('takeReturnTo falls back to / or to the fallback given', () => {
    expect(takeReturnTo()).toBe('/');
    expect(takeReturnTo('/leads')).toBe('/leads');
  });

  it('ignores and clears a tampered value written straight to storage', () => {
    sessionStorage.setItem(KEY, 'https://evil.com');
    expect(peekReturnTo()).toBeNull();
    expect(takeReturnTo('/payments')).toBe('/payments');
    expect(sessionStorage.getItem(KEY)).toBeNull();

    sessionStorage.setItem(KEY, '/\\evil.com');
    expect(takeReturnTo()).toBe('/');
  });
});
