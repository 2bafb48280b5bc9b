import { consentModeOf, visitorStorage, type ConsentSignal } from '@/popup-snippet/rules/storage';
import { fakeStorage, visitor } from './fixtures';

const KEY = 'leadtorget:popups:site';

function setup(required: boolean, mode: ConsentSignal = undefined) {
  const local = fakeStorage();
  const session = fakeStorage();
  const consentMode = { value: mode };
  const storage = visitorStorage({
    key: KEY,
    local,
    session,
    required,
    consentMode: () => consentMode.value,
  });
  return { local, session, storage, consentMode };
}

describe('the visitor storage and consent', () => {
  it.each<[string, boolean, ConsentSignal, 'local' | 'session']>([
    ['no consent asked for', false, undefined, 'local'],
    ['data-consent="required"', true, undefined, 'session'],
    ['Consent Mode denied', false, 'denied', 'session'],
    ['Consent Mode granted with data-consent="required"', true, 'granted', 'local'],
  ])('%s keeps the memory in %s', (_name, required, mode, where) => {
    const { local, session, storage } = setup(required, mode);
    storage.save(visitor());
    expect(local.data.has(KEY)).toBe(where === 'local');
    expect(session.data.has(KEY)).toBe(where === 'session');
    expect(storage.persistent()).toBe(where === 'local');
  });

  it('moves the memory to localStorage on consent, and clears it there on refusal', () => {
    const { local, session, storage } = setup(true);
    storage.save(visitor({ page_views: 4 }));
    storage.consent(true);
    expect(JSON.parse(local.data.get(KEY)!)).toMatchObject({ page_views: 4 });
    expect(session.data.has(KEY)).toBe(false);
    storage.consent(false);
    expect(local.data.has(KEY)).toBe(false);
    expect(JSON.parse(session.data.get(KEY)!)).toMatchObject({ page_views: 4 });
  });

  it('follows a Consent Mode update on the next save', () => {
    const { local, storage, consentMode } = setup(false, 'denied');
    storage.save(visitor());
    expect(local.data.has(KEY)).toBe(false);
    consentMode.value = 'granted';
    storage.save(visitor({ page_views: 2 }));
    expect(local.data.has(KEY)).toBe(true);
  });

  it('reads localStorage only when allowed, and sessionStorage otherwise', () => {
    const { local, session, storage } = setup(true);
    local.data.set(KEY, JSON.stringify(visitor({ visitor: 'from-local' })));
    session.data.set(KEY, JSON.stringify(visitor({ visitor: 'from-session' })));
    expect(storage.load()?.visitor).toBe('from-session');
    const allowed = setup(false);
    allowed.local.data.set(KEY, JSON.stringify(visitor({ visitor: 'from-local' })));
    expect(allowed.storage.load()?.visitor).toBe('from-local');
  });

  it('survives storage that throws or holds nonsense', () => {
    const throwing = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
      removeItem: () => undefined,
    };
    const storage = visitorStorage({
      key: KEY,
      local: throwing,
      session: throwing,
      required: false,
      consentMode: () => undefined,
    });
    expect(storage.load()).toBeUndefined();
    storage.save(visitor({ page_views: 7 }));
    expect(storage.load()?.page_views).toBe(7);
    const { local, storage: other } = setup(false);
    local.data.set(KEY, '{not json');
    expect(other.load()).toBeUndefined();
  });

  it.each<[string, unknown, ConsentSignal]>([
    ['no dataLayer', undefined, undefined],
    ['no consent call', [{ event: 'gtm.js' }], undefined],
    ['a default of denied', [['consent', 'default', { analytics_storage: 'denied' }]], 'denied'],
    [
      'an update after the default',
      [
        ['consent', 'default', { analytics_storage: 'denied' }],
        ['consent', 'update', { analytics_storage: 'granted' }],
      ],
      'granted',
    ],
    [
      'an update of another kind only',
      [
        ['consent', 'default', { analytics_storage: 'denied' }],
        ['consent', 'update', { ad_storage: 'granted' }],
      ],
      'denied',
    ],
  ])('Consent Mode: %s', (_name, dataLayer, signal) => {
    expect(consentModeOf(dataLayer)).toBe(signal);
  });
});
