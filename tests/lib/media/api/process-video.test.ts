import { http, HttpResponse } from 'msw';
import { processVideo } from '@/lib/media/api/process-video';
import { makeVideoRenditions } from '@/lib/media/video/renditions';
import { ORGANIZATION_ID, VIDEO_ID, videoRow } from '../../../factories/media-video';
import { record, type Recorded } from '../../../msw/rest';
import { setupMswServer } from '../../../msw/server';
import { signIn, SUPABASE } from '../../../support/session';

// The codec work needs a real browser (e2e/media-video.spec.ts); here it answers fixed renditions.
vi.mock('@/lib/media/video/renditions', () => ({ makeVideoRenditions: vi.fn() }));

const folder = `${ORGANIZATION_ID}/${VIDEO_ID}`;
const requests: Recorded[] = [];
/** The objects in the bucket: an upload without x-upsert onto an existing one fails, as Storage does. */
const objects = new Set<string>();

const server = setupMswServer(
  http.post(`${SUPABASE}/storage/v1/object/organizations-media/*`, async ({ request }) => {
    await record(requests, request);
    const path = new URL(request.url).pathname.replace('/storage/v1/object/organizations-media/', '');
    if (objects.has(path) && request.headers.get('x-upsert') !== 'true') {
      return HttpResponse.json({ statusCode: '409', error: 'Duplicate' }, { status: 409 });
    }
    objects.add(path);
    return HttpResponse.json({ Key: `organizations-media/${path}` });
  }),
  // finish-upload checks the renditions and fills the row; here it answers the finished row.
  http.post(`${SUPABASE}/functions/v1/finish-upload`, async ({ request }) => {
    await record(requests, request);
    return HttpResponse.json({
      media: videoRow({
        processing: false,
        url_mp4: `${folder}/video.mp4`,
        url_webm: `${folder}/video.webm`,
      }),
    });
  }),
);

beforeEach(() => {
  requests.length = 0;
  objects.clear();
  signIn();
  vi.mocked(makeVideoRenditions).mockImplementation((_file, { onProgress } = {}) => {
    onProgress?.(0.5);
    onProgress?.(1);
    return Promise.resolve({
      mp4: new Blob(['mp4 bytes'], { type: 'video/mp4' }),
      webm: new Blob(['webm bytes'], { type: 'video/webm' }),
      poster: new Blob(['poster'], { type: 'image/webp' }),
      thumbnail: new Blob(['thumb'], { type: 'image/webp' }),
      width: 1280,
      height: 720,
      durationSeconds: 12.345,
    });
  });
});

const uploads = () => requests.filter((request) => request.url.pathname.startsWith('/storage/v1/object/'));
const finishes = () => requests.filter((request) => request.url.pathname === '/functions/v1/finish-upload');

describe('processVideo', () => {
  it('uploads the renditions next to the original and finishes through finish-upload', async () => {
    const file = new Blob(['original'], { type: 'video/webm' });
    const progress: number[] = [];
    const row = await processVideo(videoRow(), { file, onProgress: (fraction) => progress.push(fraction) });

    expect(makeVideoRenditions).toHaveBeenCalledWith(file, expect.any(Object));
    expect(
      uploads().map((request) => [
        request.url.pathname.split('/').pop(),
        request.headers.get('content-type'),
      ]),
    ).toEqual([
      ['video.mp4', 'video/mp4'],
      ['video.webm', 'video/webm'],
      ['poster.webp', 'image/webp'],
      ['thumb.webp', 'image/webp'],
    ]);
    // The server reads the renditions' bytes for the rest; the browser names the item and its duration.
    expect(finishes().map((request) => request.body)).toEqual([
      { organizationId: ORGANIZATION_ID, mediaId: VIDEO_ID, durationSeconds: 12.345 },
    ]);
    expect(row.processing).toBe(false);
    expect(progress.at(-1)).toBe(1);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  it('can run again on the same row: the second run replaces the files instead of failing', async () => {
    const file = new Blob(['original'], { type: 'video/webm' });
    await processVideo(videoRow(), { file });
    await processVideo(videoRow(), { file });

    expect(uploads()).toHaveLength(8);
    expect(uploads().every((request) => request.headers.get('x-upsert') === 'true')).toBe(true);
    const [first, second] = finishes();
    expect(second?.body).toEqual(first?.body);
  });

  it('downloads the original through a signed URL when the file is not in memory', async () => {
    const original = `${folder}/original.webm`;
    server.use(
      http.post(`${SUPABASE}/storage/v1/object/sign/organizations-media/*`, async ({ request }) => {
        await record(requests, request);
        return HttpResponse.json({ signedURL: `/object/sign/organizations-media/${original}?token=t` });
      }),
      http.get(`${SUPABASE}/storage/v1/object/sign/organizations-media/*`, () =>
        HttpResponse.arrayBuffer(new TextEncoder().encode('downloaded').buffer),
      ),
    );
    await processVideo(videoRow());

    const signing = requests.find((request) => request.url.pathname.includes('/object/sign/'));
    expect(signing?.url.pathname).toBe(`/storage/v1/object/sign/organizations-media/${original}`);
    const [downloaded] = vi.mocked(makeVideoRenditions).mock.lastCall ?? [];
    expect(downloaded?.size).toBe('downloaded'.length);
  });

  it('stops without touching the row when cancelled', async () => {
    const controller = new AbortController();
    vi.mocked(makeVideoRenditions).mockImplementation(() => {
      controller.abort();
      return Promise.reject(new DOMException('Aborted', 'AbortError'));
    });
    await expect(
      processVideo(videoRow(), { file: new Blob(['x']), signal: controller.signal }),
    ).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(uploads()).toHaveLength(0);
    expect(finishes()).toHaveLength(0);
  });

  it('reports a refused upload as media-upload-failed and leaves the row processing', async () => {
    server.use(
      http.post(`${SUPABASE}/storage/v1/object/organizations-media/*`, () =>
        HttpResponse.json({ error: 'boom' }, { status: 500 }),
      ),
    );
    await expect(processVideo(videoRow(), { file: new Blob(['x']) })).rejects.toMatchObject({
      code: 'media-upload-failed',
    });
    expect(finishes()).toHaveLength(0);
  });
});
