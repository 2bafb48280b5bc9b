import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { CreateDialog } from '@/components/create-dialog';
import { renderWithI18n } from './i18n-for-tests';
import './polyfills';

const texts = {
  title: 'Ny trakt',
  name: 'Navn',
  nameRequired: 'Skriv et navn på trakten.',
  nameTooLong: 'Navnet kan ha høyst 5 tegn.',
  submit: 'Opprett trakt',
  cancel: 'Avbryt',
};

function Harness({ onCreate, error }: { onCreate: (name: string) => void; error?: unknown }) {
  const [name, setName] = useState('');
  return (
    <CreateDialog
      open
      onOpenChange={() => undefined}
      texts={texts}
      nameMax={5}
      name={name}
      onNameChange={setName}
      onCreate={onCreate}
      mutation={{ isPending: false, error }}
    >
      <p>Starter med standardmalen.</p>
    </CreateDialog>
  );
}

describe('CreateDialog', () => {
  it('refuses an empty or too long name, keeps what was typed, and creates with the trimmed name', async () => {
    const user = userEvent.setup();
    const onCreate = vi.fn();
    renderWithI18n(<Harness onCreate={onCreate} />);
    expect(screen.getByRole('dialog', { name: 'Ny trakt' })).toHaveTextContent('Starter med standardmalen.');
    await user.click(screen.getByRole('button', { name: 'Opprett trakt' }));
    expect(screen.getByLabelText('Navn')).toHaveAccessibleDescription(/Skriv et navn på trakten\./);
    await user.type(screen.getByLabelText('Navn'), '  Julesalg ');
    await user.click(screen.getByRole('button', { name: 'Opprett trakt' }));
    expect(screen.getByLabelText('Navn')).toHaveAccessibleDescription(/høyst 5 tegn/);
    expect(screen.getByLabelText('Navn')).toHaveValue('  Julesalg ');
    expect(onCreate).not.toHaveBeenCalled();
    await user.clear(screen.getByLabelText('Navn'));
    await user.type(screen.getByLabelText('Navn'), ' Jul ');
    await user.click(screen.getByRole('button', { name: 'Opprett trakt' }));
    expect(onCreate).toHaveBeenCalledWith('Jul');
    expect(screen.getByLabelText('Navn')).not.toHaveAccessibleDescription(/tegn|trakten/);
  });
});
