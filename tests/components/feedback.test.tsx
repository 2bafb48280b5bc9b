import { screen } from '@testing-library/react';
import { EmptyState } from '@/components/empty-state';
import { Skeleton, SkeletonText } from '@/components/skeleton';
import { Spinner } from '@/components/spinner';
import { renderWithI18n } from './i18n-for-tests';

describe('Spinner', () => {
  it('is a status with the Norwegian loading text for screen readers', () => {
    renderWithI18n(<Spinner />);
    expect(screen.getByRole('status')).toHaveTextContent('Laster …');
    expect(screen.getByText('Laster …')).toHaveClass('visually-hidden');
  });

  it('says what is loading when told', () => {
    renderWithI18n(<Spinner label="Laster leads …" />);
    expect(screen.getByRole('status')).toHaveTextContent('Laster leads …');
  });

  it('follows the language', () => {
    renderWithI18n(<Spinner />, { lng: 'en' });
    expect(screen.getByRole('status')).toHaveTextContent('Loading …');
  });
});

describe('Skeleton', () => {
  it('is hidden from assistive technology', () => {
    const { container } = renderWithI18n(<Skeleton width="10rem" height="2rem" />);
    const block = container.querySelector('[data-skeleton]');
    expect(block).toHaveAttribute('aria-hidden', 'true');
    expect(block).toHaveStyle({ width: '10rem', height: '2rem' });
  });

  it('draws the requested number of text lines, the last one shorter', () => {
    const { container } = renderWithI18n(<SkeletonText lines={4} />);
    const lines = container.querySelectorAll('[data-skeleton]');
    expect(lines).toHaveLength(4);
    expect(lines[3]).toHaveStyle({ width: '60%' });
    expect(lines[0]).toHaveStyle({ width: '100%' });
    expect(container.firstElementChild).toHaveAttribute('aria-hidden', 'true');
  });
});

describe('EmptyState', () => {
  it('shows a heading, description and action, with the icon hidden', () => {
    renderWithI18n(
      <EmptyState
        icon="📭"
        title="Ingen leads ennå"
        description="Importer en liste eller opprett et skjema."
        action={<button type="button">Importer</button>}
      />,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Ingen leads ennå' })).toBeInTheDocument();
    expect(screen.getByText('Importer en liste eller opprett et skjema.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Importer' })).toBeInTheDocument();
    expect(screen.getByText('📭')).toHaveAttribute('aria-hidden', 'true');
  });

  it('can render its title as plain text where a heading does not fit', () => {
    renderWithI18n(<EmptyState title="Tomt" titleAs="p" />);
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    expect(screen.getByText('Tomt')).toBeInTheDocument();
  });
});
