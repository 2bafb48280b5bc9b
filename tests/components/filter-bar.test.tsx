import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { FilterBar } from '@/components/filter-bar';

/** A filter form as a feature builds it: a search, two folded fields, «Nullstill» in the fold. */
function Filters({
  invalid = false,
  onReset = () => undefined,
}: {
  invalid?: boolean;
  onReset?: () => void;
}) {
  const [status, setStatus] = useState('');
  const [area, setArea] = useState('');
  return (
    <form role="search" aria-label="Filtre">
      <FilterBar
        toggleLabel="Filtrer"
        activeCount={[status, area].filter(Boolean).length}
        invalid={invalid}
        search={
          <label>
            Søk <input type="search" />
          </label>
        }
        actions={
          <button
            type="button"
            onClick={() => {
              setStatus('');
              setArea('');
              onReset();
            }}
          >
            Nullstill
          </button>
        }
      >
        <label>
          Status{' '}
          <select value={status} onChange={(event) => setStatus(event.target.value)}>
            <option value="">Alle</option>
            <option value="won">Vunnet</option>
          </select>
        </label>
        <label>
          Område <input value={area} onChange={(event) => setArea(event.target.value)} />
        </label>
      </FilterBar>
    </form>
  );
}

const panelOf = (toggle: HTMLElement) => {
  const id = toggle.getAttribute('aria-controls');
  const panel = id ? document.getElementById(id) : null;
  if (!panel) throw new Error('the toggle controls no panel');
  return panel;
};

describe('FilterBar', () => {
  it('folds the fields behind «Filtrer», a disclosure, and keeps the search outside the fold', async () => {
    const user = userEvent.setup();
    render(<Filters />);
    const toggle = screen.getByRole('button', { name: 'Filtrer' });
    const panel = panelOf(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(panel).not.toHaveAttribute('data-open');
    expect(panel).toContainElement(screen.getByLabelText('Område'));
    expect(panel).toContainElement(screen.getByRole('button', { name: 'Nullstill' }));
    expect(panel).not.toContainElement(screen.getByRole('searchbox', { name: 'Søk' }));

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(panel).toHaveAttribute('data-open');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(panel).not.toHaveAttribute('data-open');
  });

  it('counts the filters in use on the button: «Filtrer (2)», back to «Filtrer» after «Nullstill»', async () => {
    const user = userEvent.setup();
    const onReset = vi.fn();
    render(<Filters onReset={onReset} />);
    await user.click(screen.getByRole('button', { name: 'Filtrer' }));
    await user.selectOptions(screen.getByLabelText('Status'), 'won');
    expect(screen.getByRole('button', { name: 'Filtrer (1)' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Område'), 'Oslo');
    expect(screen.getByRole('button', { name: 'Filtrer (2)' })).toBeInTheDocument();
    // The search is not a folded filter: typing in it changes no count.
    await user.type(screen.getByRole('searchbox', { name: 'Søk' }), 'Kari');
    expect(screen.getByRole('button', { name: 'Filtrer (2)' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Nullstill' }));
    expect(onReset).toHaveBeenCalledOnce();
    expect(screen.getByRole('button', { name: 'Filtrer' })).toBeInTheDocument();
  });

  it('keeps the fields unfolded while one has an error, so the error is in sight', () => {
    render(<Filters invalid />);
    const toggle = screen.getByRole('button', { name: 'Filtrer' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(panelOf(toggle)).toHaveAttribute('data-open');
  });
});
