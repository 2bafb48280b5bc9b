import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MediaChoice } from '@/components/media-picker/media-choice';
import { forgetSignedMediaUrls } from '@/lib/media/api/sign-media-paths';
import type { MediaSummary } from '@/lib/media/types';
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

const chosen: (MediaSummary | null)[] = [];
let start: MediaSummary | null = null;

/** A team form's photo field, keeping what is chosen as the editors do. */
function Field() {
  const [media, setMedia] = useState<MediaSummary | null>(start);
  return (
    <MediaChoice
      legend="Lagbilde"
      media={media}
      accept="image"
      onChoose={(next) => {
        chosen.push(next);
        setMedia(next);
      }}
      texts={{
        choose: 'Velg fra mediebiblioteket',
        change: 'Bytt bilde',
        remove: 'Fjern bildet',
        altMissing: 'Bildet må ha alt-tekst.',
        alt: (alt) => `Alt-tekst: ${alt}`,
      }}
    />
  );
}

beforeAll(async () => {
  await prepareI18n('media');
});
beforeEach(() => {
  Object.assign(state, newMediaState([mediaRow({ name: 'Fasade', alt_text: 'Hvitt hus med nye vinduer' })]));
  chosen.length = 0;
  start = null;
  forgetSignedMediaUrls();
  signIn();
});

describe('MediaChoice', () => {
  it('chooses an item from the library, shows its name and alt text, and removes it', async () => {
    renderApp(Field);
    const field = screen.getByRole('group', { name: 'Lagbilde' });
    await userEvent.click(within(field).getByRole('button', { name: 'Velg fra mediebiblioteket' }));
    const dialog = await screen.findByRole('dialog', { name: 'Velg bilde' });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Fasade' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(chosen).toEqual([
      expect.objectContaining({ name: 'Fasade', alt_text: 'Hvitt hus med nye vinduer' }),
    ]);
    expect(within(field).getByText('Fasade')).toBeInTheDocument();
    expect(within(field).getByText('Alt-tekst: Hvitt hus med nye vinduer')).toBeInTheDocument();

    await userEvent.click(within(field).getByRole('button', { name: 'Fjern bildet' }));
    expect(chosen.at(-1)).toBeNull();
    expect(within(field).queryByText('Fasade')).toBeNull();
    expect(within(field).getByRole('button', { name: 'Velg fra mediebiblioteket' })).toBeInTheDocument();
  });

  it('says when a chosen picture lacks the alt text a public page needs', () => {
    start = {
      id: 'm1',
      name: 'Baderom',
      type: 'image',
      alt_text: null,
      url: 'o/m1/web.webp',
      thumbnail_path: null,
    };
    renderApp(Field);
    expect(screen.getByRole('alert')).toHaveTextContent('Bildet må ha alt-tekst.');
    expect(screen.getByRole('button', { name: 'Bytt bilde' })).toBeInTheDocument();
  });
});
