import { isAbort, uploadObject } from '@/lib/media/api/upload-object';
import { signIn } from '../../../support/session';

/** A stand-in XMLHttpRequest that the test drives: upload progress, the answer, an abort. */
class FakeRequest {
  static last: FakeRequest | null = null;
  headers = new Map<string, string>();
  url = '';
  status = 0;
  body: unknown = null;
  upload: {
    onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
  } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeRequest.last = this;
  }
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers.set(name, value);
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  answer(status: number) {
    this.status = status;
    this.onload?.();
  }
}

const sent = async () => {
  await vi.waitFor(() => expect(FakeRequest.last?.body ?? null).not.toBeNull());
  const request = FakeRequest.last;
  if (!request) throw new Error('nothing sent');
  return request;
};

beforeEach(() => {
  FakeRequest.last = null;
  vi.stubGlobal('XMLHttpRequest', FakeRequest);
  signIn();
});
afterEach(() => vi.unstubAllGlobals());

describe('uploadObject', () => {
  it('sends the file with the user token and no overwrite, reporting progress', async () => {
    const progress: number[] = [];
    const blob = new Blob(['bytes'], { type: 'image/webp' });
    const done = uploadObject('org/id/web.webp', blob, { onProgress: (fraction) => progress.push(fraction) });
    const request = await sent();
    expect(request.url).toBe('http://127.0.0.1:54321/storage/v1/object/organizations-media/org/id/web.webp');
    expect(request.headers.get('Authorization')).toBe('Bearer access-token');
    expect(request.headers.get('x-upsert')).toBe('false');
    expect(request.headers.get('Content-Type')).toBe('image/webp');
    request.progress(25, 100);
    request.progress(75, 100);
    request.answer(200);
    await done;
    expect(progress).toEqual([0.25, 0.75, 1]);
  });

  it('says media-too-large on 413 and media-upload-failed on other refusals', async () => {
    const tooLarge = uploadObject('org/id/original.png', new Blob(['x']));
    (await sent()).answer(413);
    await expect(tooLarge).rejects.toMatchObject({ code: 'media-too-large' });

    FakeRequest.last = null;
    const failed = uploadObject('org/id/original.png', new Blob(['x']));
    (await sent()).answer(500);
    await expect(failed).rejects.toMatchObject({ code: 'media-upload-failed' });
  });

  it('stops when its signal aborts, as an abort rather than an error', async () => {
    const controller = new AbortController();
    const upload = uploadObject('org/id/original.png', new Blob(['x']), { signal: controller.signal });
    await sent();
    controller.abort();
    const error: unknown = await upload.catch((reason: unknown) => reason);
    expect(isAbort(error)).toBe(true);
  });
});
