import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { Input } from '@/components/input';
import { renderWithI18n } from './i18n-for-tests';

describe('Input', () => {
  it('is labelled, typed into, and passes native props through', async () => {
    const onChange = vi.fn();
    renderWithI18n(<Input label="Telefon" type="tel" name="phone" required onChange={onChange} />);
    const input = screen.getByRole('textbox', { name: 'Telefon' });
    expect(input).toHaveAttribute('type', 'tel');
    expect(input).toBeRequired();
    await userEvent.type(input, '22 22 22 22');
    expect(input).toHaveValue('22 22 22 22');
    expect(onChange).toHaveBeenCalled();
  });

  it('shows the error and marks itself invalid', () => {
    renderWithI18n(
      <Input label="Organisasjonsnummer" error="Må være 9 siffer." hint="Står i Brønnøysund." />,
    );
    const input = screen.getByRole('textbox', { name: 'Organisasjonsnummer' });
    expect(input).toBeInvalid();
    expect(input).toHaveAccessibleDescription('Står i Brønnøysund. Må være 9 siffer.');
  });

  it('forwards its ref', () => {
    const ref = createRef<HTMLInputElement>();
    renderWithI18n(<Input label="Navn" ref={ref} />);
    expect(ref.current).toBe(screen.getByRole('textbox', { name: 'Navn' }));
  });
});
