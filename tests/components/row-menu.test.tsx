import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Eye } from 'lucide-react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { DialogHost } from '@/components/dialog-host';
import { archiveAction, duplicateAction, editAction, publishAction } from '@/components/row-actions';
import { RowMenu } from '@/components/row-menu';
import { renderWithI18n } from './i18n-for-tests';
import './polyfills';

function renderRowMenu({ archived = false } = {}) {
  const onDuplicate = vi.fn();
  const onArchive = vi.fn();
  const onPublish = vi.fn();
  renderWithI18n(
    <MemoryRouter initialEntries={['/']}>
      <Routes>
        <Route
          path="/"
          element={
            <RowMenu
              label="Handlinger for Vårkampanje"
              actions={[
                editAction('Rediger', '/rediger'),
                duplicateAction('Lag kopi', onDuplicate),
                {
                  label: 'Publiser',
                  icon: <Eye />,
                  onSelect: onPublish,
                  disabledReason: 'Legg til et produkt først.',
                },
                !archived &&
                  archiveAction({
                    label: 'Arkiver',
                    question: 'Arkivere «Vårkampanje»?',
                    description: 'Den forsvinner fra nettsidene.',
                    onArchive,
                  }),
              ]}
            />
          }
        />
        <Route path="/rediger" element={<h1>Redigeringssiden</h1>} />
      </Routes>
      <DialogHost />
    </MemoryRouter>,
  );
  const trigger = screen.getByRole('button', { name: 'Handlinger for Vårkampanje' });
  return { trigger, onDuplicate, onArchive, onPublish };
}

async function openWithKeyboard(trigger: HTMLElement) {
  trigger.focus();
  await userEvent.keyboard('{Enter}');
  return screen.findByRole('menu');
}

describe('RowMenu', () => {
  it('opens with the keyboard on its first entry, moves with the arrows, and Escape gives the focus back', async () => {
    const { trigger, onDuplicate } = renderRowMenu();
    const menu = await openWithKeyboard(trigger);
    const items = within(menu).getAllByRole('menuitem');
    expect(items).toHaveLength(4);
    ['Rediger', 'Lag kopi', 'Publiser', 'Arkiver'].forEach((name, index) =>
      expect(items[index]).toHaveAccessibleName(name),
    );
    expect(screen.getByRole('menuitem', { name: 'Rediger' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Lag kopi' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
    expect(onDuplicate).not.toHaveBeenCalled();
  });

  it('runs a handler on Enter and follows a link entry', async () => {
    const { trigger, onDuplicate } = renderRowMenu();
    await openWithKeyboard(trigger);
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(onDuplicate).toHaveBeenCalledTimes(1);
    await openWithKeyboard(trigger);
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: 'Redigeringssiden' })).toBeInTheDocument();
  });

  it('asks before archiving, archives only on yes, and gives the focus back to the trigger', async () => {
    const user = userEvent.setup();
    const { trigger, onArchive } = renderRowMenu();
    await user.click(trigger);
    await user.click(await screen.findByRole('menuitem', { name: 'Arkiver' }));
    const dialog = await screen.findByRole('dialog', { name: 'Arkivere «Vårkampanje»?' });
    expect(dialog).toHaveAccessibleDescription('Den forsvinner fra nettsidene.');
    await user.click(within(dialog).getByRole('button', { name: 'Avbryt' }));
    expect(onArchive).not.toHaveBeenCalled();
    expect(trigger).toHaveFocus();

    await user.click(trigger);
    await user.click(await screen.findByRole('menuitem', { name: 'Arkiver' }));
    const again = await screen.findByRole('dialog', { name: 'Arkivere «Vårkampanje»?' });
    const yes = within(again).getByRole('button', { name: 'Arkiver' });
    expect(yes).toHaveAttribute('data-variant', 'danger');
    await user.click(yes);
    expect(onArchive).toHaveBeenCalledTimes(1);
  });

  it('keeps a disabled entry reachable, says why, and does nothing on Enter', async () => {
    const { trigger, onPublish } = renderRowMenu();
    await openWithKeyboard(trigger);
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    const publish = screen.getByRole('menuitem', { name: 'Publiser' });
    expect(publish).toHaveFocus();
    expect(publish).toHaveAttribute('aria-disabled', 'true');
    expect(publish).toHaveAccessibleDescription('Legg til et produkt først.');
    await userEvent.keyboard('{Enter}');
    expect(onPublish).not.toHaveBeenCalled();
    expect(screen.getByRole('menu')).toBeInTheDocument();
  });

  it('leaves out an entry given as false (no «Arkiver» on an archived row)', async () => {
    const { trigger } = renderRowMenu({ archived: true });
    await openWithKeyboard(trigger);
    expect(screen.queryByRole('menuitem', { name: 'Arkiver' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('menuitem')).toHaveLength(3);
  });

  it.each([
    ['draft', 'Publiser', true],
    ['live', 'Avpubliser', false],
  ] as const)(
    'offers the publishing entry of a %s row and passes what it does',
    async (status, label, published) => {
      const onPublish = vi.fn();
      renderWithI18n(
        <MemoryRouter>
          <RowMenu
            label="Handlinger"
            actions={[publishAction(status, { publish: 'Publiser', unpublish: 'Avpubliser' }, onPublish)]}
          />
        </MemoryRouter>,
      );
      await openWithKeyboard(screen.getByRole('button', { name: 'Handlinger' }));
      await userEvent.click(screen.getByRole('menuitem', { name: label }));
      expect(onPublish).toHaveBeenCalledWith(published);
    },
  );

  it('has no publishing entry for an archived row', () => {
    expect(publishAction('archived', { publish: 'Publiser', unpublish: 'Avpubliser' }, vi.fn())).toBe(false);
  });
});
