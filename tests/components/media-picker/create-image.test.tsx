import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { clearNotifications, getNotifications } from '@/components/notification-store';
import MediaLibraryPage from '@/features/media/routes/media-library';
import { forgetSignedMediaUrls } from '@/lib/media/api/sign-media-paths';
import { mediaRow } from '../../factories/media';
import { membershipListHandlers } from '../../msw/handlers/account';
import { mediaHandlers, newMediaState, type MediaState } from '../../msw/handlers/media';
import { functionError, record } from '../../msw/rest';
import { setupMswServer } from '../../msw/server';
import { ORG } from '../../support/ids';
import { prepareI18n, renderApp } from '../../support/render-app';
import { signIn, SUPABASE } from '../../support/session';

const state: MediaState = newMediaState();
const calls: Parameters<typeof record>[0] = [];
let generated = 0;

/** create-image as the function answers: it has stored the image and returns its row. */
const createImage = http.post(`${SUPABASE}/functions/v1/create-image`, async ({ request }) => {
  await record(calls, request);
  generated += 1;
  const row = mediaRow({
    id: `eeeeeeee-eeee-4eee-8eee-${String(generated).padStart(12, '0')}`,
    name: 'KI-bilde',
    alt_text: null,
    source: 'ai',
    prompt: 'rørlegger',
    thumbnail_path: null,
    storage_path: `${ORG}/ai-${generated}/original.png`,
    url: `${ORG}/ai-${generated}/original.png`,
  });
  state.rows.unshift(row);
  return Response.json({ media: row });
});

const server = setupMswServer(
  ...membershipListHandlers([{ organizationId: ORG, name: 'Fjordbygg AS', role: 'owner' }], ORG),
  ...mediaHandlers(state),
  createImage,
);

beforeAll(async () => {
  await prepareI18n('media');
});
beforeEach(() => {
  Object.assign(state, newMediaState([mediaRow({ name: 'Fasade' })]));
  calls.length = 0;
  generated = 0;
  forgetSignedMediaUrls();
  clearNotifications();
  signIn();
});

async function openAiDialog() {
  renderApp(MediaLibraryPage, { path: '/media' });
  await screen.findByRole('button', { name: 'Fasade' });
  await userEvent.click(screen.getByRole('button', { name: 'Lag bilde med KI' }));
  return screen.findByRole('dialog', { name: 'Lag bilde med KI' });
}

describe('«Lag bilde med KI»', () => {
  it('generates, suggests alt text from the prompt and keeps the image with it', async () => {
    const dialog = await openAiDialog();
    await userEvent.type(
      within(dialog).getByLabelText('Beskrivelse'),
      'rørlegger foran ny bereder. Lyst bad',
    );
    await userEvent.type(within(dialog).getByLabelText('Unngå'), 'tekst');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Naturlig' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Lag bilde' }));

    const altText = await within(dialog).findByLabelText('Alt-tekst');
    expect(altText).toHaveValue('Rørlegger foran ny bereder.');
    expect(calls[0]?.body).toEqual({
      organizationId: ORG,
      prompt: 'rørlegger foran ny bereder. Lyst bad',
      negatives: 'tekst',
      style: 'natural',
      images_count: 1,
    });
    await userEvent.clear(altText);
    await userEvent.type(altText, 'Rørlegger i lyst bad');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Behold' }));
    await waitFor(() =>
      expect(getNotifications().map((item) => item.message)).toContain('Bildet er lagt i mediebiblioteket.'),
    );
    expect(state.requests.find((item) => item.method === 'PATCH')?.body).toEqual({
      name: 'rørlegger foran ny bereder. Lyst bad',
      alt_text: 'Rørlegger i lyst bad',
    });
    expect(state.requests.some((item) => item.method === 'DELETE')).toBe(false);
  });

  it('«Prøv igjen» deletes the suggestion it replaces', async () => {
    const dialog = await openAiDialog();
    await userEvent.type(within(dialog).getByLabelText('Beskrivelse'), 'kontorbygg');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Lag bilde' }));
    await within(dialog).findByRole('button', { name: 'Behold' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Prøv igjen' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    const deleted = state.requests.find(
      (item) => item.method === 'DELETE' && item.url.pathname.includes('rest'),
    );
    expect(deleted?.url.searchParams.get('id')).toBe('eq.eeeeeeee-eeee-4eee-8eee-000000000001');
    expect(await within(dialog).findByRole('button', { name: 'Behold' })).toBeInTheDocument();
  });

  it('asks for a description before calling the function', async () => {
    const dialog = await openAiDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Lag bilde' }));
    expect(within(dialog).getByLabelText('Beskrivelse')).toHaveAccessibleDescription(/Skriv en beskrivelse/);
    expect(calls).toHaveLength(0);
  });

  it.each([
    [400, 'invalid-input', 'Noe i skjemaet er ikke gyldig'],
    [403, 'forbidden', ''],
    [429, 'image-rate-limited', '20 bilder den siste timen'],
    [422, 'image-content-policy', 'Skriv den om'],
    [503, 'image-provider-busy', 'Vent et minutt'],
    [502, 'image-provider-failed', 'Prøv igjen om litt'],
    [503, 'images-not-configured', 'ikke satt opp'],
  ])('says what to do on %i %s', async (status, code, text) => {
    server.use(http.post(`${SUPABASE}/functions/v1/create-image`, () => functionError(status, code)));
    const dialog = await openAiDialog();
    const prompt = within(dialog).getByLabelText('Beskrivelse');
    await userEvent.type(prompt, 'en hund');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Lag bilde' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain(text);
    expect(alert.textContent).not.toContain(code);
    expect(prompt).toHaveValue('en hund');
  });
});
