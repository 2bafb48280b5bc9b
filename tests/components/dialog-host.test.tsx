import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DialogHost } from '@/components/dialog-host';
import { confirm } from '@/components/dialog-store';
import { renderWithI18n } from './i18n-for-tests';

function ask(options: Parameters<typeof confirm>[0]): Promise<boolean> {
  let answer: Promise<boolean> | undefined;
  act(() => {
    answer = confirm(options);
  });
  if (!answer) throw new Error('confirm() did not return a promise');
  return answer;
}

describe('confirm() and DialogHost', () => {
  it('resolves true when the user confirms', async () => {
    const user = userEvent.setup();
    renderWithI18n(<DialogHost />);
    const answer = ask({ title: 'Publisere skjemaet?', description: 'Det blir synlig for alle.' });
    const dialog = screen.getByRole('dialog', { name: 'Publisere skjemaet?' });
    expect(dialog).toHaveAccessibleDescription('Det blir synlig for alle.');
    await user.click(screen.getByRole('button', { name: 'Bekreft' }));
    await expect(answer).resolves.toBe(true);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('resolves false on cancel, and focuses cancel first so Enter is the safe choice', async () => {
    const user = userEvent.setup();
    renderWithI18n(<DialogHost />);
    const answer = ask({
      title: 'Slette leadet?',
      tone: 'danger',
      confirmLabel: 'Slett',
      cancelLabel: 'Behold',
    });
    expect(screen.getByRole('button', { name: 'Behold' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Slett' })).toHaveAttribute('data-variant', 'danger');
    await user.keyboard('{Enter}');
    await expect(answer).resolves.toBe(false);
  });

  it('resolves false on Escape and returns focus to the button that asked', async () => {
    const user = userEvent.setup();
    let answer: Promise<boolean> | undefined;
    renderWithI18n(
      <>
        <button
          type="button"
          onClick={() => {
            answer = confirm({ title: 'Forlate siden?' });
          }}
        >
          Tilbake
        </button>
        <DialogHost />
      </>,
    );
    const opener = screen.getByRole('button', { name: 'Tilbake' });
    await user.click(opener);
    expect(screen.getByRole('dialog', { name: 'Forlate siden?' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await expect(answer).resolves.toBe(false);
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('resolves false when closed with «Lukk»', async () => {
    const user = userEvent.setup();
    renderWithI18n(<DialogHost />);
    const answer = ask({ title: 'Avbryte kjøpet?' });
    await user.click(screen.getByRole('button', { name: 'Lukk' }));
    await expect(answer).resolves.toBe(false);
  });

  it('asks queued questions one at a time', async () => {
    const user = userEvent.setup();
    renderWithI18n(<DialogHost />);
    const first = ask({ title: 'Første?' });
    const second = ask({ title: 'Andre?' });
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Bekreft' }));
    await expect(first).resolves.toBe(true);
    expect(screen.getByRole('dialog', { name: 'Andre?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Avbryt' }));
    await expect(second).resolves.toBe(false);
  });

  it('refuses loudly when no host is mounted, instead of waiting forever', async () => {
    await expect(confirm({ title: 'Hallo?' })).rejects.toThrow(/DialogHost/);
  });
});
