import { screen } from '@testing-library/react';
import { Field } from '@/components/field';
import { renderWithI18n } from './i18n-for-tests';

describe('Field', () => {
  it('labels the control and describes it with hint and error', () => {
    renderWithI18n(
      <Field label="E-post" hint="Vi sender kvittering hit." error="Skriv en gyldig e-postadresse.">
        {(control) => <input {...control} />}
      </Field>,
    );
    const input = screen.getByLabelText('E-post');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Vi sender kvittering hit. Skriv en gyldig e-postadresse.');
  });

  it('is neither invalid nor described when there is nothing to say', () => {
    renderWithI18n(<Field label="Navn">{(control) => <input {...control} />}</Field>);
    const input = screen.getByLabelText('Navn');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).not.toHaveAttribute('aria-describedby');
  });

  it('keeps the given id and extra describedby ids', () => {
    renderWithI18n(
      <>
        <p id="extra">Maks 20 tegn.</p>
        <Field label="Kode" id="code" describedBy="extra" error="Mangler">
          {(control) => <input {...control} />}
        </Field>
      </>,
    );
    const input = screen.getByLabelText('Kode');
    expect(input).toHaveAttribute('id', 'code');
    expect(input).toHaveAttribute('aria-describedby', 'code-error extra');
    expect(input).toHaveAccessibleDescription('Mangler Maks 20 tegn.');
  });

  it('can hide the label visually but keep it for screen readers', () => {
    renderWithI18n(
      <Field label="Søk" hideLabel>
        {(control) => <input {...control} />}
      </Field>,
    );
    expect(screen.getByText('Søk')).toHaveClass('visually-hidden');
    expect(screen.getByRole('textbox', { name: 'Søk' })).toBeInTheDocument();
  });
});
