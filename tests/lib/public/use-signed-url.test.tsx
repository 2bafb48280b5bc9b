import { act, renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { PUBLIC_MEDIA_RENEW_MS, useSignedUrl } from '@/lib/public/use-signed-url';
import { setupMswServer } from '../../msw/server';
import { SUPABASE } from '../../support/session';

const server = setupMswServer();
const PATH = 'org/media/web.webp';

describe('useSignedUrl', () => {
  afterEach(() => vi.useRealTimers());

  it('renews the link before the server’s 15 minutes run out, and stops once unmounted', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let issued = 0;
    server.use(
      http.post(`${SUPABASE}/functions/v1/public-media`, () => {
        issued += 1;
        return HttpResponse.json({ links: [{ path: PATH, url: `/object/sign/m/${PATH}?token=${issued}` }] });
      }),
    );
    const { result, unmount } = renderHook(() => useSignedUrl(PATH));
    await waitFor(() => expect(result.current).toMatch(/token=1$/));
    expect(PUBLIC_MEDIA_RENEW_MS).toBeLessThan(15 * 60 * 1000);
    await act(() => vi.advanceTimersByTimeAsync(PUBLIC_MEDIA_RENEW_MS));
    await waitFor(() => expect(result.current).toMatch(/token=2$/));
    unmount();
    await act(() => vi.advanceTimersByTimeAsync(PUBLIC_MEDIA_RENEW_MS * 2));
    expect(issued).toBe(2);
  });

  it('is null without a path and asks nothing', () => {
    const { result } = renderHook(() => useSignedUrl(null));
    expect(result.current).toBeNull();
  });
});
