import { describe, expect, it } from 'vitest';
import { apiPreconnectTag } from './api-preconnect.ts';

describe('apiPreconnectTag', () => {
  it("opens the API's origin, anonymous as its calls are", () => {
    expect(apiPreconnectTag({ VITE_SUPABASE_URL: 'https://abcd.supabase.co/' }).attrs).toEqual({
      rel: 'preconnect',
      href: 'https://abcd.supabase.co',
      crossorigin: '',
    });
  });

  it('uses the local platform when no URL is set, as the app does', () => {
    expect(apiPreconnectTag({}).attrs?.href).toBe('http://127.0.0.1:54321');
  });
});
