import { http, HttpResponse } from 'msw';
import { AppError } from '@/lib/errors';
import { processVideo } from '@/lib/media/api/process-video';
import { startVideoProcessing } from '@/lib/media/api/process-videos';
import { VIDEO_ID, videoRow } from '../../../factories/media-video';
import { record, type Recorded } from '../../../msw/rest';
import { setupMswServer } from '../../../msw/server';
import { signIn, SUPABASE } from '../../../support/session';

vi.mock('@/lib/media/api/process-video', () => ({ processVideo: vi.fn() }));

const OTHER_VIDEO = '44444444-4444-4444-8444-444444444444';
const requests: Recorded[] = [];
let claimAnswer = true;
setupMswServer(
  http.post(`${SUPABASE}/rest/v1/rpc/claim_video_processing`, async ({ request }) => {
    await record(requests, request);
    return HttpResponse.json(claimAnswer);
  }),
  http.post(`${SUPABASE}/rest/v1/rpc/release_video_processing`, async ({ request }) => {
    await record(requests, request);
    return HttpResponse.json(videoRow());
  }),
);

const calls = () => requests.map((request) => request.url.pathname.split('/').at(-1));

beforeEach(() => {
  requests.length = 0;
  claimAnswer = true;
  vi.mocked(processVideo).mockReset();
  signIn();
});

describe('startVideoProcessing', () => {
  it('makes the renditions only after the database gave this browser the claim', async () => {
    vi.mocked(processVideo).mockResolvedValue(videoRow({ processing: false }));
    const row = await startVideoProcessing(videoRow());
    expect(row?.processing).toBe(false);
    expect(calls()).toEqual(['claim_video_processing']);
    expect(requests[0]?.body).toEqual({ input_media_id: VIDEO_ID });
  });

  it('leaves a video another browser holds (or that has failed) alone', async () => {
    claimAnswer = false;
    expect(await startVideoProcessing(videoRow())).toBeNull();
    expect(processVideo).not.toHaveBeenCalled();
  });

  it('gives the claim back when the attempt fails, so the attempt counts and the next may start', async () => {
    vi.mocked(processVideo).mockRejectedValue(new AppError('video-processing-failed'));
    await expect(startVideoProcessing(videoRow({ id: OTHER_VIDEO }))).rejects.toMatchObject({
      code: 'video-processing-failed',
    });
    expect(calls()).toEqual(['claim_video_processing', 'release_video_processing']);
    expect(requests[1]?.body).toEqual({ input_media_id: OTHER_VIDEO, input_attempt_counts: true });
  });

  it('a browser without the codec gives the attempt back: another browser may manage', async () => {
    vi.mocked(processVideo).mockRejectedValue(new AppError('video-browser-unsupported'));
    await expect(startVideoProcessing(videoRow())).rejects.toMatchObject({
      code: 'video-browser-unsupported',
    });
    expect(requests[1]?.body).toEqual({ input_media_id: VIDEO_ID, input_attempt_counts: false });
  });
});
