import { screen } from '@testing-library/react';
import { UnderConstruction } from '@/components/under-construction';
import { renderWithI18n } from './i18n-for-tests';

describe('UnderConstruction', () => {
  it('keeps the page title and says, in Norwegian, that the area is being built', () => {
    renderWithI18n(<UnderConstruction title="Salgstrakter" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Salgstrakter' })).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 2, name: 'Denne delen er under arbeid' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Kom gjerne tilbake/)).toBeInTheDocument();
  });

  it('speaks English when the language is English', () => {
    renderWithI18n(<UnderConstruction title="Funnels" />, { lng: 'en' });
    expect(screen.getByRole('heading', { level: 2, name: 'This area is being built' })).toBeInTheDocument();
  });
});
