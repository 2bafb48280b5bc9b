import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { UnderConstruction } from '@/components/under-construction';
import { renderWithI18n } from './i18n-for-tests';

describe('UnderConstruction', () => {
  it('keeps the page title and says, in Norwegian, that the area is being built', () => {
    renderWithI18n(
      <MemoryRouter>
        <UnderConstruction title="Salgstrakter" />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Salgstrakter' })).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 2, name: 'Denne delen er under arbeid' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Kom gjerne tilbake/)).toBeInTheDocument();
    // Never a dead end: a link leads back to the front page.
    expect(screen.getByRole('link', { name: 'Gå til forsiden' })).toHaveAttribute('href', '/');
  });

  it('speaks English when the language is English', () => {
    renderWithI18n(
      <MemoryRouter>
        <UnderConstruction title="Funnels" />
      </MemoryRouter>,
      { lng: 'en' },
    );
    expect(screen.getByRole('heading', { level: 2, name: 'This area is being built' })).toBeInTheDocument();
  });
});
