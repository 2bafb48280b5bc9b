import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Button } from '@/components/button';
import { DIALOG_TRANSITION_MS, Dialog } from '@/components/dialog';
import { Input } from '@/components/input';
import { renderWithI18n } from './i18n-for-tests';

function Harness({ onOpenChange = () => undefined }: { onOpenChange?: (open: boolean) => void }) {
  const [open, setOpen] = useState(false);
  const change = (next: boolean) => {
    setOpen(next);
    onOpenChange(next);
  };
  return (
    <>
      <Button onClick={() => change(true)}>Nytt lead</Button>
      <Dialog
        open={open}
        onOpenChange={change}
        title="Legg til lead"
        description="Fyll inn kontaktinformasjonen."
        footer={<Button onClick={() => change(false)}>Lagre</Button>}
      >
        <Input label="Navn" />
      </Dialog>
    </>
  );
}

// Vitest blanks every CSS import (even ?raw) and the app tsconfig has no Node types, so read the
// file through an untyped dynamic import of fs.
async function readTokensCss(): Promise<string> {
  const fsModule = 'node:fs/promises';
  const fs = (await import(/* @vite-ignore */ fsModule)) as {
    readFile: (path: URL, encoding: 'utf8') => Promise<string>;
  };
  const here = import.meta.url;
  return fs.readFile(new URL('../../src/styles/tokens.css', here), 'utf8');
}

describe('Dialog', () => {
  it('opens as a labelled, described modal with focus on its first field', async () => {
    const user = userEvent.setup();
    renderWithI18n(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Nytt lead' }));
    const dialog = screen.getByRole('dialog', { name: 'Legg til lead' });
    expect(dialog).toHaveAccessibleDescription('Fyll inn kontaktinformasjonen.');
    expect(screen.getByRole('textbox', { name: 'Navn' })).toHaveFocus();
  });

  it('traps focus inside while open', async () => {
    const user = userEvent.setup();
    renderWithI18n(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Nytt lead' }));
    const dialog = screen.getByRole('dialog');
    for (let step = 0; step < 5; step += 1) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    await user.tab({ shift: true });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
  });

  it('closes on Escape and returns focus to what opened it', async () => {
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    renderWithI18n(<Harness onOpenChange={onOpenChange} />);
    const opener = screen.getByRole('button', { name: 'Nytt lead' });
    await user.click(opener);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onOpenChange).toHaveBeenLastCalledWith(false);
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('has a close button labelled «Lukk»', async () => {
    const user = userEvent.setup();
    renderWithI18n(<Harness />);
    const opener = screen.getByRole('button', { name: 'Nytt lead' });
    await user.click(opener);
    await user.click(screen.getByRole('button', { name: 'Lukk' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('labels the close button in English too', () => {
    renderWithI18n(<Dialog open onOpenChange={() => undefined} title="Settings" />, { lng: 'en' });
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });

  it('animates over 300 ms, the same value the CSS token uses', async () => {
    expect(DIALOG_TRANSITION_MS).toBe(300);
    const tokens = await readTokensCss();
    expect(tokens).toContain(`--transition-dialog: ${DIALOG_TRANSITION_MS}ms;`);
  });
});
