import { Dialog as RadixDialog } from 'radix-ui';
import { useRef } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from '@/components/dialog.module.css';

/** Spec: dialogs open and close over 300 ms; mirrors --transition-dialog in tokens.css. */
export const DIALOG_TRANSITION_MS = 300;

export type DialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Actions, laid out at the bottom right; put the primary action last. */
  footer?: ReactNode;
  /** Room for a grid or a large picture (media picker, preview) instead of a form's width. */
  wide?: boolean;
};

export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  wide = false,
}: DialogProps) {
  const { t } = useTranslation('components');
  // Dialogs here are opened from code, not from a Radix Trigger, so Radix has no trigger to return
  // focus to; remember whatever had focus when the dialog opened and return there.
  const returnFocusTo = useRef<HTMLElement | null>(null);

  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={styles.overlay} />
        <RadixDialog.Content
          className={wide ? `${styles.content} ${styles.wide}` : styles.content}
          onOpenAutoFocus={() => {
            returnFocusTo.current =
              document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            const target = returnFocusTo.current;
            returnFocusTo.current = null;
            if (target?.isConnected) {
              event.preventDefault();
              target.focus();
            }
          }}
        >
          <RadixDialog.Title className={styles.title}>{title}</RadixDialog.Title>
          {description ? (
            <RadixDialog.Description className={styles.description}>{description}</RadixDialog.Description>
          ) : null}
          {children ? <div className={styles.body}>{children}</div> : null}
          {footer ? <div className={styles.footer}>{footer}</div> : null}
          {/* Last in the DOM so the first field or action gets initial focus, not the close button. */}
          <RadixDialog.Close className={styles.close} aria-label={t('close')}>
            <span aria-hidden="true">×</span>
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
