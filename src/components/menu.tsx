import { ChevronDown, MoreHorizontal } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button, IconButton, type ButtonSize } from '@/components/button';
import styles from '@/components/menu.module.css';

export type MenuProps = {
  /** The trigger's name: «Flere valg» for the icon button, or the labelled button's text. */
  label: string;
  /** 'icon' (default): a ghost button with «…»; 'button': a labelled secondary button with a chevron. */
  trigger?: 'icon' | 'button';
  /** The trigger's accessible name when its visible label is not enough (a row's «Handlinger» names its row). */
  triggerName?: string;
  /** A trigger of its own (e.g. the user menu's avatar); it must be a button and have a name. */
  customTrigger?: ReactNode;
  size?: ButtonSize;
  align?: 'start' | 'end';
  /** Called once the menu has closed and given the focus back to its trigger. */
  onClosed?: () => void;
  children: ReactNode;
};

/**
 * The one pattern for secondary actions on a row or a page (WAI-ARIA menu button): arrows move, Enter
 * chooses, Escape closes and gives the focus back to the trigger.
 */
export function Menu({
  label,
  trigger = 'icon',
  triggerName,
  customTrigger,
  size = 'md',
  align = 'end',
  onClosed,
  children,
}: MenuProps) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        {customTrigger ??
          (trigger === 'icon' ? (
            <IconButton label={label} size={size} icon={<MoreHorizontal aria-hidden="true" />} />
          ) : (
            <Button variant="secondary" size={size} aria-label={triggerName}>
              {label}
              <ChevronDown aria-hidden="true" />
            </Button>
          ))}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          className={styles.content}
          align={align}
          sideOffset={4}
          collisionPadding={8}
          // Radix focuses the trigger right after this handler: run onClosed once it has.
          onCloseAutoFocus={onClosed ? () => queueMicrotask(onClosed) : undefined}
        >
          {children}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

type ItemContent = { icon?: ReactNode; children: ReactNode };

function ItemBody({ icon, children }: ItemContent) {
  return (
    <>
      {icon ? (
        <span className={styles.icon} aria-hidden="true">
          {icon}
        </span>
      ) : null}
      <span>{children}</span>
    </>
  );
}

export type MenuItemProps = ItemContent & {
  onSelect: () => void;
  /** 'danger' for destructive actions (Slett …). */
  tone?: 'danger';
  disabled?: boolean;
  /**
   * Why the entry cannot be chosen now. Unlike `disabled` the entry stays reachable with the arrows
   * (a skipped entry would hide its reason from keyboard and screen reader users) and reads the
   * reason as its description; choosing it does nothing and leaves the menu open.
   */
  disabledReason?: string;
};

export function MenuItem({ onSelect, tone, disabled, disabledReason, icon, children }: MenuItemProps) {
  const reasonId = useId();
  const blocked = disabledReason !== undefined;
  return (
    <DropdownMenu.Item
      className={styles.item}
      data-tone={tone}
      disabled={disabled}
      onSelect={(event) => (blocked ? event.preventDefault() : onSelect())}
      {...(blocked ? { 'aria-disabled': true, 'data-disabled': '', 'aria-describedby': reasonId } : {})}
    >
      <ItemBody icon={icon}>
        {children}
        {blocked ? (
          // Hidden from the name, read once as the description through aria-describedby.
          <span id={reasonId} className={styles.reason} aria-hidden="true">
            {disabledReason}
          </span>
        ) : null}
      </ItemBody>
    </DropdownMenu.Item>
  );
}

/** An entry that goes to another screen of the app. */
export function MenuLinkItem({ to, icon, children }: ItemContent & { to: string }) {
  return (
    <DropdownMenu.Item className={styles.item} asChild>
      <Link to={to}>
        <ItemBody icon={icon}>{children}</ItemBody>
      </Link>
    </DropdownMenu.Item>
  );
}

/** An entry that opens a page outside the app (e.g. a public page) in a new tab. */
export function MenuExternalLinkItem({ href, icon, children }: ItemContent & { href: string }) {
  return (
    <DropdownMenu.Item className={styles.item} asChild>
      <a href={href} target="_blank" rel="noreferrer">
        <ItemBody icon={icon}>{children}</ItemBody>
      </a>
    </DropdownMenu.Item>
  );
}

/** A heading inside the menu that is not an action (e.g. the signed-in user's name). */
export function MenuLabel({ children }: { children: ReactNode }) {
  return <DropdownMenu.Label className={styles.label}>{children}</DropdownMenu.Label>;
}

export function MenuSeparator() {
  return <DropdownMenu.Separator className={styles.separator} />;
}
