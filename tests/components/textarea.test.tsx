import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TEXTAREA_DEFAULT_ROWS, Textarea } from '@/components/textarea';
import { renderWithI18n } from './i18n-for-tests';

describe('Textarea', () => {
  it('is six rows tall by default', () => {
    renderWithI18n(<Textarea label="Beskrivelse" />);
    expect(TEXTAREA_DEFAULT_ROWS).toBe(6);
    expect(screen.getByRole('textbox', { name: 'Beskrivelse' })).toHaveAttribute('rows', '6');
  });

  it('takes another row count when asked', () => {
    renderWithI18n(<Textarea label="Notat" rows={3} />);
    expect(screen.getByRole('textbox', { name: 'Notat' })).toHaveAttribute('rows', '3');
  });

  it('accepts multi-line text and wires its error', async () => {
    renderWithI18n(<Textarea label="Melding" error="Skriv en melding." />);
    const textarea = screen.getByRole('textbox', { name: 'Melding' });
    await userEvent.type(textarea, 'Hei{Enter}på deg');
    expect(textarea).toHaveValue('Hei\npå deg');
    expect(textarea).toHaveAttribute('aria-invalid', 'true');
    expect(textarea).toHaveAccessibleDescription('Skriv en melding.');
  });
});
