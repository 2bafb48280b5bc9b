import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MediaPicker } from '@/components/media-picker/lazy-media-picker';
import { forgetSignedMediaUrls } from '@/lib/media/api/sign-media-paths';
import type { MediaRow } from '@/lib/media/types';
import { mediaRow } from '../../factories/media';
import { membershipListHandlers } from '../../msw/handlers/account';
import { mediaHandlers, newMediaState, type MediaState } from '../../msw/handlers/media';
import { setupMswServer } from '../../msw/server';
import { ORG } from '../../support/ids';
import { prepareI18n, renderApp } from '../../support/render-app';
import { signIn } from '../../support/session';

const state: MediaState = newMediaState();
setupMswServer(
  ...membershipListHandlers([{ organizationId: ORG, name: 'Fjordbygg AS', role: 'member' }], ORG),
  ...mediaHandlers(state),
);

const onSelect = vi.fn<(row: MediaRow) => void>();
let requireAltText = false;

/** An editor that opens the picker for a public page's image. */
function Editor() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Velg bilde til luken
      </button>
      <MediaPicker
        open={open}
        onOpenChange={setOpen}
        accept="image"
        requireAltText={requireAltText}
        onSelect={onSelect}
      />
    </>
  );
}

beforeAll(async () => {
  await prepareI18n('media');
});
beforeEach(() => {
  Object.assign(
    state,
    newMediaState([
      mediaRow({ name: 'Fasade', alt_text: 'Hvitt hus med nye vinduer' }),
      mediaRow({ name: 'Baderom', alt_text: null }),
    ]),
  );
  onSelect.mockReset();
  requireAltText = false;
  forgetSignedMediaUrls();
  signIn();
});

async function openPicker() {
  renderApp(Editor);
  await userEvent.click(screen.getByRole('button', { name: 'Velg bilde til luken' }));
  return screen.findByRole('dialog', { name: 'Velg bilde' });
}

describe('MediaPicker', () => {
  it('offers the library, upload and AI as tabs, and returns the chosen row', async () => {
    const dialog = await openPicker();
    const tabs = await within(dialog).findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Bibliotek', 'Last opp', 'Lag med KI']);
    // An image picker shows no type filter: it asks the database for images only.
    expect(within(dialog).queryByRole('radio', { name: 'Videoer' })).toBeNull();
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Fasade' }));
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ name: 'Fasade' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('asks for alt text before returning an image without it, and saves it on the item', async () => {
    requireAltText = true;
    const dialog = await openPicker();
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Baderom, Mangler alt-tekst' }));
    expect(within(dialog).getByText(/Bildet mangler alt-tekst/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Bruk bildet' }));
    expect(within(dialog).getByLabelText('Alt-tekst')).toHaveAccessibleDescription(/Skriv en alt-tekst/);
    expect(onSelect).not.toHaveBeenCalled();

    await userEvent.type(within(dialog).getByLabelText('Alt-tekst'), 'Lyst bad med dusjnisje');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Bruk bildet' }));
    await waitFor(() =>
      expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ alt_text: 'Lyst bad med dusjnisje' })),
    );
  });

  it('returns an image with alt text at once even when it is required', async () => {
    requireAltText = true;
    const dialog = await openPicker();
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Fasade' }));
    expect(onSelect).toHaveBeenCalledTimes(1);
  });
});
