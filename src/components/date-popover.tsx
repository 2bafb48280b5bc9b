import { Popover } from 'radix-ui';
import type { RefObject } from 'react';
import { DateCalendar } from '@/components/date-calendar';
import type { DateCalendarProps } from '@/components/date-calendar';
import styles from '@/components/date-field.module.css';

export type DatePopoverProps = DateCalendarProps & {
  /** The date field's calendar button: the popover sits by it and gives the focus back to it. */
  anchor: RefObject<HTMLButtonElement | null>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  label: string;
};

/**
 * The date field's popover, loaded with the calendar on first open: Radix's popover and its
 * positioning are as heavy as the calendar, and a form needs neither until the button is used. The
 * button lives in the field (it must exist before this chunk does), so it is this popover's anchor
 * rather than a Radix trigger.
 */
export function DatePopover({ anchor, open, onOpenChange, label, ...calendar }: DatePopoverProps) {
  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Anchor virtualRef={anchor} />
      <Popover.Portal>
        <Popover.Content
          className={styles.popover}
          aria-label={label}
          align="end"
          sideOffset={4}
          collisionPadding={8}
          // The calendar focuses the chosen day (or today) itself.
          onOpenAutoFocus={(event) => event.preventDefault()}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            anchor.current?.focus();
          }}
          // A press on the button is its own toggle, not a click outside that would reopen it.
          onInteractOutside={(event) => {
            if (event.target instanceof Node && anchor.current?.contains(event.target))
              event.preventDefault();
          }}
        >
          <DateCalendar {...calendar} />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
