import { withImageLink } from '@/popup-snippet/api';
import { variant } from './fixtures';

const withPicture = { ...variant('a', 100), image: { path: 'org/media/bad.webp', alt: 'Nytt bad' } };

describe('a variant’s picture', () => {
  it('gets a signed link from public-media, in front of which goes the storage API', async () => {
    const fetch = vi.spyOn(window, 'fetch').mockResolvedValue(
      Response.json({
        links: [{ path: 'org/media/bad.webp', url: '/object/sign/organizations-media/x?token=t' }],
      }),
    );
    const signed = await withImageLink(withPicture);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url as string).toMatch(/\/functions\/v1\/public-media$/);
    expect(JSON.parse(init?.body as string)).toEqual({ paths: ['org/media/bad.webp'] });
    expect(signed.image).toEqual({
      path: 'org/media/bad.webp',
      alt: 'Nytt bad',
      url: expect.stringMatching(/\/storage\/v1\/object\/sign\/organizations-media\/x\?token=t$/) as string,
    });
  });

  it('is left out when public-media will not sign it or cannot be reached', async () => {
    vi.spyOn(window, 'fetch').mockResolvedValueOnce(Response.json({ links: [{ path: 'x', url: null }] }));
    expect((await withImageLink(withPicture)).image).toBeNull();
    vi.spyOn(window, 'fetch').mockRejectedValueOnce(new TypeError('offline'));
    expect((await withImageLink(withPicture)).image).toBeNull();
  });

  it('asks nothing for a variant without one', async () => {
    const fetch = vi.spyOn(window, 'fetch');
    expect(await withImageLink(variant('a', 100))).toEqual(variant('a', 100));
    expect(fetch).not.toHaveBeenCalled();
  });
});
