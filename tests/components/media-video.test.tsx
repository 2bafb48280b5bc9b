import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MediaVideo } from '@/components/media-video';
import { ORGANIZATION_ID, VIDEO_ID, videoRow } from '../factories/media-video';
import { mediaHandlers, newMediaState } from '../msw/handlers/media';
import { setupMswServer } from '../msw/server';
import { prepareI18n } from '../support/render-app';
import { signIn, SUPABASE } from '../support/session';

const folder = `${ORGANIZATION_ID}/${VIDEO_ID}`;

// The library's handlers sign paths as `/object/sign/organizations-media/<path>?token=t`.
setupMswServer(...mediaHandlers(newMediaState()));

beforeAll(() => prepareI18n('media'));
beforeEach(() => signIn());

function show(element: React.ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{element}</QueryClientProvider>);
}

const ready = videoRow({
  processing: false,
  url: `${folder}/poster.webp`,
  url_mp4: `${folder}/video.mp4`,
  url_webm: `${folder}/video.webm`,
  width: 1280,
  height: 720,
  alt_text: 'Rørleggeren viser frem et nytt bad',
});

describe('<MediaVideo>', () => {
  it('says «Behandles …» while the renditions are being made', async () => {
    show(<MediaVideo media={videoRow()} />);
    expect(await screen.findByRole('status')).toHaveTextContent('Behandles …');
    expect(document.querySelector('video')).toBeNull();
  });

  it('shows the poster under the processing note once there is one', async () => {
    show(<MediaVideo media={videoRow({ url: `${folder}/poster.webp` })} />);
    const poster = await screen.findByRole('img', { name: 'Sommerkampanje' });
    expect(poster.getAttribute('src')).toContain(`${folder}/poster.webp`);
  });

  it('plays WebM first and MP4 as the fallback, with the poster and the alt text as its label', async () => {
    show(<MediaVideo media={ready} />);
    const video = await screen.findByLabelText('Rørleggeren viser frem et nytt bad');
    expect(video.tagName).toBe('VIDEO');
    expect(video).toHaveAttribute('controls');
    expect(video).toHaveAttribute('preload', 'metadata');
    expect(video.getAttribute('poster')).toContain(`${folder}/poster.webp?token=t`);
    const sources = [...video.querySelectorAll('source')].map((source) => [
      source.getAttribute('type'),
      source.getAttribute('src'),
    ]);
    expect(sources).toEqual([
      ['video/webm', `${SUPABASE}/storage/v1/object/sign/organizations-media/${folder}/video.webm?token=t`],
      ['video/mp4', `${SUPABASE}/storage/v1/object/sign/organizations-media/${folder}/video.mp4?token=t`],
    ]);
  });

  it('falls back to the name when the alt text is empty', async () => {
    show(<MediaVideo media={{ ...ready, alt_text: ' ' }} />);
    expect((await screen.findByLabelText('Sommerkampanje')).tagName).toBe('VIDEO');
  });

  it('says what to do when the processing failed', () => {
    show(<MediaVideo media={videoRow()} failed />);
    expect(screen.getByRole('alert')).toHaveTextContent('Videoen kunne ikke gjøres klar for avspilling');
  });
});
