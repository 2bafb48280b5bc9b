import { opensPublicDoor, PUBLIC_DOOR_PATH } from '@/app/public-door';
import { paths } from '@/lib/paths';

function storage(keys: string[]): Storage {
  const map = new Map(keys.map((key) => [key, '{}']));
  return {
    get length() {
      return map.size;
    },
    key: (index: number) => [...map.keys()][index] ?? null,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
    clear: () => map.clear(),
  };
}

describe('opensPublicDoor', () => {
  it('is the join page of the paths module', () => {
    expect(PUBLIC_DOOR_PATH).toBe(paths.joinMarketplace);
  });

  it('opens the door for a visitor on /bli-partner, with or without a trailing slash', () => {
    expect(opensPublicDoor('/bli-partner', storage([]))).toBe(true);
    expect(opensPublicDoor('/bli-partner/', storage(['leadtorget.language']))).toBe(true);
  });

  it('leaves a signed-in user (a stored session) to the app', () => {
    expect(opensPublicDoor('/bli-partner', storage(['sb-127-auth-token']))).toBe(false);
  });

  it('does not count a pending sign-in (PKCE verifier) as a session', () => {
    expect(opensPublicDoor('/bli-partner', storage(['sb-127-auth-token-code-verifier']))).toBe(true);
  });

  it('is only for /bli-partner', () => {
    expect(opensPublicDoor('/', storage([]))).toBe(false);
    expect(opensPublicDoor('/auth', storage([]))).toBe(false);
    expect(opensPublicDoor('/bli-partner/x', storage([]))).toBe(false);
  });

  it('treats storage it cannot read as no session', () => {
    const blocked = {
      get length(): number {
        throw new DOMException('denied', 'SecurityError');
      },
    } as unknown as Storage;
    expect(opensPublicDoor('/bli-partner', blocked)).toBe(true);
  });
});
