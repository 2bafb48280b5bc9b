import { screen, within } from '@testing-library/react';
import { Badge } from '@/components/badge';
import { Card } from '@/components/card';
import { DescriptionList } from '@/components/description-list';
import { EmptyState } from '@/components/empty-state';
import { renderWithI18n } from './i18n-for-tests';

describe('Badge', () => {
  it('shows its text in its tone, with a decorative icon', () => {
    renderWithI18n(
      <Badge tone="success" icon={<svg data-testid="icon" />}>
        Vunnet
      </Badge>,
    );
    const badge = screen.getByText('Vunnet');
    expect(badge).toHaveAttribute('data-tone', 'success');
    expect(screen.getByTestId('icon').parentElement).toHaveAttribute('aria-hidden', 'true');
  });

  it('is neutral by default', () => {
    renderWithI18n(<Badge>Utkast</Badge>);
    expect(screen.getByText('Utkast')).toHaveAttribute('data-tone', 'neutral');
  });
});

describe('Card', () => {
  it('is a section named by its heading, with its actions beside it', () => {
    renderWithI18n(
      <Card title="Kvitteringer" titleAs="h3" actions={<button type="button">Legg til</button>}>
        <p>Innhold</p>
      </Card>,
    );
    const card = screen.getByRole('heading', { level: 3, name: 'Kvitteringer' }).closest('section');
    expect(card).not.toBeNull();
    expect(within(card!).getByRole('button', { name: 'Legg til' })).toBeInTheDocument();
    expect(within(card!).getByText('Innhold')).toBeInTheDocument();
  });

  it('has no heading when given none', () => {
    renderWithI18n(<Card>Bare innhold</Card>);
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
  });
});

describe('DescriptionList', () => {
  it('pairs each term with its value, in order', () => {
    renderWithI18n(
      <DescriptionList
        label="Kontakt"
        items={[
          { term: 'E-post', value: 'ola@fjordror.no' },
          { term: 'Telefon', value: '912 34 567' },
        ]}
      />,
    );
    const list = screen.getByLabelText('Kontakt');
    expect(list.tagName).toBe('DL');
    const terms = within(list)
      .getAllByRole('term')
      .map((term) => term.textContent);
    const values = within(list)
      .getAllByRole('definition')
      .map((value) => value.textContent);
    expect(terms).toEqual(['E-post', 'Telefon']);
    expect(values).toEqual(['ola@fjordror.no', '912 34 567']);
  });
});

describe('EmptyState', () => {
  it('has an icon hidden from screen readers, one sentence and the primary action', () => {
    renderWithI18n(
      <EmptyState
        icon={<svg data-testid="icon" />}
        title="Ingen kalendere ennå."
        action={<button type="button">Ny kalender</button>}
      />,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Ingen kalendere ennå.' })).toBeInTheDocument();
    expect(screen.getByTestId('icon').parentElement).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByRole('button', { name: 'Ny kalender' })).toBeInTheDocument();
  });
});
