import { confirm } from '@/components/dialog-store';
import { Menu, MenuExternalLinkItem, MenuItem, MenuLinkItem, type MenuProps } from '@/components/menu';
import type { RowAction, RowActions } from '@/components/row-actions';

type RowMenuProps = Pick<MenuProps, 'trigger' | 'triggerName' | 'size'> & {
  /** The trigger's name, naming its row: «Handlinger for Vårkampanje». */
  label: string;
  actions: RowActions;
};

function choose(action: Extract<RowAction, { onSelect: () => void }>) {
  if (!action.confirm) return action.onSelect();
  // The menu has closed and given the focus back to its trigger; the dialog returns it there too.
  void confirm(action.confirm).then((sure) => sure && action.onSelect());
}

function Entry({ action }: { action: RowAction }) {
  const { label, icon, tone, disabledReason } = action;
  if (disabledReason !== undefined || action.onSelect)
    return (
      <MenuItem
        icon={icon}
        tone={tone}
        disabledReason={disabledReason}
        onSelect={() => action.onSelect && choose(action)}
      >
        {label}
      </MenuItem>
    );
  if (action.href !== undefined)
    return (
      <MenuExternalLinkItem href={action.href} icon={icon}>
        {label}
      </MenuExternalLinkItem>
    );
  return (
    <MenuLinkItem to={action.to} icon={icon}>
      {label}
    </MenuLinkItem>
  );
}

/**
 * A list row's actions in the one accessible menu (arrows move, Enter chooses, Escape closes and
 * gives the focus back). Each area gives its own words and mutations; the menu owns the shape and
 * the question before an action that has `confirm`.
 */
export function RowMenu({ label, actions, ...trigger }: RowMenuProps) {
  return (
    <Menu label={label} {...trigger}>
      {actions.map((action) => (action ? <Entry key={action.label} action={action} /> : null))}
    </Menu>
  );
}
