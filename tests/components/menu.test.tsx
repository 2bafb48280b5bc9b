import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { Menu, MenuItem, MenuLabel, MenuLinkItem, MenuSeparator } from '@/components/menu';
import { renderWithI18n } from './i18n-for-tests';
import './polyfills';

function renderMenu(props: { trigger?: 'icon' | 'button' } = {}) {
  const onCopy = vi.fn();
  const onDelete = vi.fn();
  renderWithI18n(
    <MemoryRouter initialEntries={['/']}>
      <Routes>
        <Route
          path="/"
          element={
            <Menu label={props.trigger === 'button' ? 'Handlinger' : 'Flere valg'} trigger={props.trigger}>
              <MenuLabel>Kalender 2026</MenuLabel>
              <MenuItem onSelect={onCopy}>Kopier</MenuItem>
              <MenuLinkItem to="/rediger">Rediger</MenuLinkItem>
              <MenuSeparator />
              <MenuItem tone="danger" onSelect={onDelete}>
                Slett
              </MenuItem>
            </Menu>
          }
        />
        <Route path="/rediger" element={<h1>Redigeringssiden</h1>} />
      </Routes>
    </MemoryRouter>,
  );
  return { onCopy, onDelete };
}

describe('Menu', () => {
  it('is a ghost icon button «Flere valg» that opens a menu on its first entry with the keyboard', async () => {
    const { onCopy } = renderMenu();
    const trigger = screen.getByRole('button', { name: 'Flere valg' });
    expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    expect(trigger).toHaveAttribute('data-variant', 'ghost');
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('menuitem', { name: 'Kopier' })).toHaveFocus();
    expect(screen.getByRole('menu')).toHaveTextContent('Kalender 2026');
    await userEvent.keyboard('{Enter}');
    expect(onCopy).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('moves with the arrows, and Escape closes it and gives the focus back to the trigger', async () => {
    const { onDelete } = renderMenu();
    const trigger = screen.getByRole('button', { name: 'Flere valg' });
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('menu');
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Rediger' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
    expect(onDelete).not.toHaveBeenCalled();
  });

  it('goes to another screen from a link entry', async () => {
    renderMenu();
    screen.getByRole('button', { name: 'Flere valg' }).focus();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(await screen.findByRole('heading', { name: 'Redigeringssiden' })).toBeInTheDocument();
  });

  it('can be a labelled button instead of the icon', async () => {
    renderMenu({ trigger: 'button' });
    const trigger = screen.getByRole('button', { name: 'Handlinger' });
    expect(trigger).toHaveAttribute('data-variant', 'secondary');
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('menuitem', { name: 'Slett' })).toHaveAttribute('data-tone', 'danger');
  });
});
