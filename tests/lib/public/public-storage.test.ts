import { http, HttpResponse } from 'msw';
import { publicMediaLink } from '@/lib/public/public-storage';
import { setupMswServer } from '../../msw/server';
import { SUPABASE } from '../../support/session';

const server = setupMswServer();
const PATH = 'org/media/web.webp';
const ISSUER = `${SUPABASE}/functions/v1/public-media`;

describe('publicMediaLink', () => {
  it('asks the issuer for the path as anon, with no lifetime of its own, and returns an absolute link', async () => {
    let seen: unknown;
    server.use(
      http.post(ISSUER, async ({ request }) => {
        seen = await request.json();
        return HttpResponse.json({
          links: [{ path: PATH, url: `/object/sign/organizations-media/${PATH}?token=t` }],
        });
      }),
    );
    expect(await publicMediaLink(PATH)).toBe(
      `${SUPABASE}/storage/v1/object/sign/organizations-media/${PATH}?token=t`,
    );
    expect(seen).toEqual({ paths: [PATH] });
  });

  it('is null for a file no page shows, a refusal and no answer', async () => {
    server.use(http.post(ISSUER, () => HttpResponse.json({ links: [{ path: PATH, url: null }] })));
    expect(await publicMediaLink(PATH)).toBeNull();
    server.use(
      http.post(ISSUER, () => HttpResponse.json({ error: { code: 'rate-limited' } }, { status: 429 })),
    );
    expect(await publicMediaLink(PATH)).toBeNull();
    server.use(http.post(ISSUER, () => HttpResponse.error()));
    expect(await publicMediaLink(PATH)).toBeNull();
  });
});
