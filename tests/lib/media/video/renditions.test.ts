import { AppError } from '@/lib/errors';
import { makeVideoRenditions } from '@/lib/media/video/renditions';
import type { WorkerAnswer } from '@/lib/media/video/renditions.worker';

/** A stand-in for the renditions worker: the test decides what it answers. */
class FakeWorker {
  static last: FakeWorker | undefined;
  onmessage: ((event: { data: WorkerAnswer }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  posted: unknown[] = [];
  terminated = false;
  constructor() {
    FakeWorker.last = this;
  }
  postMessage(message: unknown) {
    this.posted.push(message);
  }
  terminate() {
    this.terminated = true;
  }
  answer(data: WorkerAnswer) {
    this.onmessage?.({ data });
  }
}

const worker = () => {
  if (!FakeWorker.last) throw new Error('no worker started');
  return FakeWorker.last;
};

beforeEach(() => {
  FakeWorker.last = undefined;
  vi.stubGlobal('Worker', FakeWorker);
});
afterEach(() => vi.unstubAllGlobals());

const file = new Blob(['video'], { type: 'video/mp4' });

describe('makeVideoRenditions', () => {
  it('hands the file to a worker, passes its progress on and resolves with its renditions', async () => {
    const progress: number[] = [];
    const result = makeVideoRenditions(file, { onProgress: (fraction) => progress.push(fraction) });
    expect(worker().posted).toEqual([file]);
    worker().answer({ kind: 'progress', fraction: 0.4 });
    const renditions = {
      mp4: new Blob(),
      webm: new Blob(),
      poster: new Blob(),
      thumbnail: new Blob(),
      width: 640,
      height: 360,
      durationSeconds: 2.5,
    };
    worker().answer({ kind: 'done', renditions });
    await expect(result).resolves.toBe(renditions);
    expect(progress).toEqual([0.4]);
    expect(worker().terminated).toBe(true);
  });

  it.each(['media-video-too-long', 'video-processing-failed'] as const)(
    'rejects with the worker’s %s',
    async (code) => {
      const result = makeVideoRenditions(file);
      worker().answer({ kind: 'failed', code });
      await expect(result).rejects.toEqual(new AppError(code));
    },
  );

  it('rejects with video-processing-failed when the worker itself crashes', async () => {
    const result = makeVideoRenditions(file);
    worker().onerror?.(new Event('error'));
    await expect(result).rejects.toMatchObject({ code: 'video-processing-failed' });
  });

  it('stops the worker at once when cancelled', async () => {
    const controller = new AbortController();
    const result = makeVideoRenditions(file, { signal: controller.signal });
    controller.abort();
    await expect(result).rejects.toMatchObject({ name: 'AbortError' });
    expect(worker().terminated).toBe(true);
  });

  it('starts no worker for a job already cancelled', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(makeVideoRenditions(file, { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(FakeWorker.last).toBeUndefined();
  });
});
