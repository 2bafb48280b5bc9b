import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { answerConfirm, getCurrentConfirm } from '@/components/dialog-store';
import { clearNotifications, getNotifications } from '@/components/notification-store';
import MediaLibraryPage from '@/features/media/routes/media-library';
import { forgetSignedMediaUrls } from '@/lib/media/api/sign-media-paths';
import { mediaRow } from '../../factories/media';
import { membershipListHandlers } from '../../msw/handlers/account';
import { mediaHandlers, newMediaState, type MediaState } from '../../msw/handlers/media';
import { setupMswServer } from '../../msw/server';
import { ORG } from '../../support/ids';
import { prepareI18n, renderApp } from '../../support/render-app';
import { signIn, SUPABASE } from '../../support/session';

vi.mock('@/lib/media/image-renditions', () => ({
  makeImageRenditions: vi.fn(() =>
    Promise.resolve({
      original: { blob: new Blob(['original'], { type: 'image/webp' }), ext: 'webp' },
      web: { blob: new Blob(['web'], { type: 'image/webp' }), ext: 'webp' },
      thumbnail: { blob: new Blob(['thumb'], { type: 'image/webp' }), ext: 'webp' },
      width: 1200,
      height: 800,
    }),
  ),
}));

const state: MediaState = newMediaState();
const server = setupMswServer(
  ...membershipListHandlers([{ organizationId: ORG, name: 'Fjordbygg AS', role: 'owner' }], ORG),
  ...mediaHandlers(state),
);

beforeAll(async () => {
  await prepareI18n('media');
});
beforeEach(() => {
  Object.assign(
    state,
    newMediaState([
      mediaRow({ name: 'Varmtvannsbereder', alt_text: 'Ny bereder i kjeller' }),
      mediaRow({ name: 'Baderom', alt_text: null }),
      mediaRow({
        name: 'Reklamefilm',
        type: 'video',
        processing: true,
        thumbnail_path: null,
        url: null,
        alt_text: null,
        mime_type: 'video/mp4',
      }),
    ]),
  );
  forgetSignedMediaUrls();
  clearNotifications();
  signIn();
});

const open = (entry = '/media') => renderApp(MediaLibraryPage, { path: '/media', entry });

describe('/media', () => {
  it('shows the items with their state: video processing, image missing alt text', async () => {
    open();
    expect(await screen.findByRole('button', { name: 'Varmtvannsbereder' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Baderom, Mangler alt-tekst' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reklamefilm, Video, Behandles …' })).toBeInTheDocument();
  });

  it('a video whose renditions failed says so and is tried again on request', async () => {
    state.rows.push(
      mediaRow({
        name: 'Juleshow',
        type: 'video',
        processing: true,
        processing_attempts: 3,
        processing_failed_at: '2026-11-25T09:00:00Z',
        thumbnail_path: null,
        url: null,
        mime_type: 'video/mp4',
      }),
    );
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Juleshow, Video, Feilet' }));
    const dialog = await screen.findByRole('dialog', { name: 'Juleshow' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent('kunne ikke gjøres klar');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Prøv igjen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const retried = state.requests.find(
      (item) => item.url.pathname === '/rest/v1/rpc/retry_video_processing',
    );
    expect(retried?.body).toEqual({ input_media_id: state.rows.find((row) => row.name === 'Juleshow')?.id });
    expect(getNotifications().map((item) => item.message)).toContain('Videoen behandles på nytt.');
    // Back in the library's hands: waiting for renditions again.
    expect(await screen.findByRole('button', { name: /Juleshow, Video, Behandles/ })).toBeInTheDocument();
  });

  it('filters by type and searches, keeping both in the URL', async () => {
    const { router } = open();
    await screen.findByRole('button', { name: 'Varmtvannsbereder' });
    await userEvent.click(screen.getByRole('radio', { name: 'Videoer' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Varmtvannsbereder' })).toBeNull());
    expect(screen.getByRole('button', { name: /Reklamefilm/ })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?type=video');

    await userEvent.click(screen.getByRole('radio', { name: 'Alle' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Søk i navn og alt-tekst' }), 'kjeller');
    await waitFor(() => expect(screen.queryByRole('button', { name: /Baderom/ })).toBeNull());
    expect(screen.getByRole('button', { name: 'Varmtvannsbereder' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?q=kjeller');
  });

  it('starts from the filter in the URL', async () => {
    open('/media?type=image&q=bad');
    expect(await screen.findByRole('button', { name: /Baderom/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Varmtvannsbereder/ })).toBeNull();
    expect(screen.getByRole('radio', { name: 'Bilder' })).toBeChecked();
  });

  it('renames and writes alt text, and keeps what was typed when saving fails', async () => {
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Baderom, Mangler alt-tekst' }));
    const dialog = await screen.findByRole('dialog', { name: 'Baderom' });
    const name = within(dialog).getByLabelText('Navn');
    await userEvent.clear(name);
    await userEvent.type(name, 'Nytt bad');
    await userEvent.type(within(dialog).getByLabelText('Alt-tekst'), 'Lyst bad med dusjnisje');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Lagre' }));
    expect(await within(dialog).findByText('Lagret.')).toBeInTheDocument();
    expect(state.requests.find((request) => request.method === 'PATCH')?.body).toEqual({
      name: 'Nytt bad',
      alt_text: 'Lyst bad med dusjnisje',
    });
    // The grid behind the dialog (hidden from assistive tech while it is open) has the new name.
    expect(await screen.findByRole('button', { name: 'Nytt bad', hidden: true })).toBeInTheDocument();

    await userEvent.clear(name);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Lagre' }));
    expect(name).toHaveAccessibleDescription(/Skriv et navn/);

    server.use(
      http.patch(`${SUPABASE}/rest/v1/organizations_media`, () =>
        HttpResponse.json({ code: '42501', message: 'denied' }, { status: 403 }),
      ),
    );
    await userEvent.type(name, 'Bad i kjeller');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Lagre' }));
    expect(await within(dialog).findByRole('alert')).toBeInTheDocument();
    expect(name).toHaveValue('Bad i kjeller');
    expect(within(dialog).getByLabelText('Alt-tekst')).toHaveValue('Lyst bad med dusjnisje');
  });

  it('lists where an item is used and will not delete it', async () => {
    const used = state.rows[0];
    if (!used) throw new Error('no row');
    state.usages[used.id] = [
      { kind: 'calendar', label: 'Julekalender 2026', ref_id: '99999999-9999-4999-8999-999999999991' },
    ];
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Varmtvannsbereder' }));
    const dialog = await screen.findByRole('dialog', { name: 'Varmtvannsbereder' });
    expect(await within(dialog).findByText('Kalender: Julekalender 2026')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Slett' })).toBeDisabled();
  });

  it('deletes an unused item after confirming, with its files', async () => {
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Baderom, Mangler alt-tekst' }));
    const dialog = await screen.findByRole('dialog', { name: 'Baderom' });
    const remove = within(dialog).getByRole('button', { name: 'Slett' });
    await waitFor(() => expect(remove).toBeEnabled());
    await userEvent.click(remove);
    await waitFor(() => expect(getCurrentConfirm()?.title).toBe('Slette «Baderom»?'));
    const request = getCurrentConfirm();
    if (request) answerConfirm(request.id, true);
    await waitFor(() =>
      expect(getNotifications().map((item) => item.message)).toContain('«Baderom» er slettet.'),
    );
    const storageDelete = state.requests.find(
      (item) => item.method === 'DELETE' && item.url.pathname.startsWith('/storage/'),
    );
    expect(storageDelete?.body).toEqual({
      prefixes: [
        expect.stringMatching(/original\.webp$/),
        expect.stringMatching(/web\.webp$/),
        expect.stringMatching(/thumb\.webp$/),
      ],
    });
    await waitFor(() => expect(screen.queryByRole('button', { name: /Baderom/ })).toBeNull());
  });

  it('says media-in-use when the database refuses the delete', async () => {
    const used = state.rows[1];
    if (!used) throw new Error('no row');
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Baderom, Mangler alt-tekst' }));
    const dialog = await screen.findByRole('dialog', { name: 'Baderom' });
    const remove = within(dialog).getByRole('button', { name: 'Slett' });
    await waitFor(() => expect(remove).toBeEnabled());
    // Someone starts using it between the check and the delete.
    state.usages[used.id] = [
      { kind: 'popup', label: 'Sommerkampanje', ref_id: '99999999-9999-4999-8999-999999999992' },
    ];
    await userEvent.click(remove);
    await waitFor(() => expect(getCurrentConfirm()).not.toBeNull());
    const request = getCurrentConfirm();
    if (request) answerConfirm(request.id, true);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Filen brukes fortsatt');
    expect(state.requests.some((item) => item.url.pathname.startsWith('/storage/'))).toBe(false);
  });

  it('teaches what the library is for when it is empty', async () => {
    state.rows = [];
    open();
    expect(
      await screen.findByRole('heading', { name: 'Ingen bilder eller videoer ennå' }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Lag bilde med KI' }).length).toBeGreaterThan(0);
  });
});

describe('/media uploads', () => {
  const png = () =>
    new File(
      [
        new Uint8Array([
          0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82, 0, 0, 4, 176, 0, 0, 3,
          32, 8, 6, 0, 0, 0,
        ]),
      ],
      'fasade.png',
      { type: 'image/png' },
    );

  it('uploads the renditions, then finishes through finish-upload, and shows it done', async () => {
    open();
    await screen.findByRole('button', { name: 'Varmtvannsbereder' });
    await userEvent.upload(screen.getByTestId('media-file-input'), png());
    const queue = screen.getByRole('region', { name: 'Opplastinger' });
    expect(await within(queue).findByText('Ferdig')).toBeInTheDocument();
    const uploads = state.requests.filter((item) =>
      item.url.pathname.startsWith('/storage/v1/object/organizations-media/'),
    );
    expect(uploads.map((item) => item.url.pathname.split('/').at(-1))).toEqual([
      'original.webp',
      'web.webp',
      'thumb.webp',
    ]);
    expect(uploads[0]?.headers.get('x-upsert')).toBe('false');
    const finish = state.requests.find((item) => item.url.pathname === '/functions/v1/finish-upload');
    // The server reads the files; the browser says only which item and what to call it.
    const body = finish?.body as Record<string, string>;
    expect(Object.keys(body).sort()).toEqual(['mediaId', 'name', 'organizationId']);
    expect(body).toMatchObject({ organizationId: ORG, name: 'fasade' });
    const mediaId = body.mediaId;
    expect(uploads[0]?.url.pathname).toContain(`/${ORG}/${mediaId}/original.webp`);
  });

  it('refuses a file that lies about its type, per file, and stores nothing', async () => {
    open();
    await screen.findByRole('button', { name: 'Varmtvannsbereder' });
    const liar = new File([new TextEncoder().encode('not really a picture')], 'ferie.jpg', {
      type: 'image/jpeg',
    });
    await userEvent.upload(screen.getByTestId('media-file-input'), [liar, png()]);
    const queue = screen.getByRole('region', { name: 'Opplastinger' });
    expect(await within(queue).findByRole('alert')).toHaveTextContent('Filen er ikke det navnet sier');
    expect(await within(queue).findByText('Ferdig')).toBeInTheDocument();
    const uploads = state.requests.filter((item) => item.url.pathname.startsWith('/storage/'));
    expect(uploads.every((item) => !item.url.pathname.includes('ferie'))).toBe(true);
    expect(uploads).toHaveLength(3);
  });

  it('cancels one upload: nothing of it is stored', async () => {
    state.holdUploads = true;
    open();
    await screen.findByRole('button', { name: 'Varmtvannsbereder' });
    await userEvent.upload(screen.getByTestId('media-file-input'), png());
    const queue = screen.getByRole('region', { name: 'Opplastinger' });
    await within(queue).findByText(/Laster opp/);
    await userEvent.click(within(queue).getByRole('button', { name: 'Avbryt fasade.png' }));
    expect(await within(queue).findByText('Avbrutt – ingenting ble lagret')).toBeInTheDocument();
    expect(state.requests.some((item) => item.url.pathname === '/functions/v1/finish-upload')).toBe(false);
  });
});
