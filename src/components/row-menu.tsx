import { useRef } from 'react';
import { confirm } from '@/components/dialog-store';
import { Menu, MenuExternalLinkItem, MenuItem, MenuLinkItem, type MenuProps } from '@/components/menu';
import type { RowAction, RowActions } from '@/components/row-actions';

type Choice = Extract<RowAction, { onSelect: () => void }>;

type RowMenuProps = Pick<MenuProps, 'trigger' | 'triggerName' | 'size'> & {
  /** The trigger's name, naming its row: «Handlinger for Vårkampanje». */
  label: string;
  actions: RowActions;
};

function Entry({ action, choose }: { action: RowAction; choose: (action: Choice) => void }) {
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
  // A question waits until the menu has closed and the focus is back on its trigger: a dialog opened
  // from the entry would return the focus to that entry, gone by then, and leave it on the page.
  const asking = useRef<(() => void) | null>(null);
  const choose = (action: Choice) => {
    const { confirm: question, onSelect } = action;
    if (!question) return onSelect();
    asking.current = () => void confirm(question).then((sure) => sure && onSelect());
  };
  const onClosed = () => {
    const ask = asking.current;
    asking.current = null;
    ask?.();
  };
  return (
    <Menu label={label} onClosed={onClosed} {...trigger}>
      {actions.map((action) =>
        action ? <Entry key={action.label} action={action} choose={choose} /> : null,
      )}
    </Menu>
  );
}
