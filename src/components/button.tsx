import type { ComponentProps, ReactNode } from 'react';
import styles from '@/components/button.module.css';
import { SpinnerIcon } from '@/components/spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md';

export type ButtonProps = ComponentProps<'button'> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /**
   * Shows a spinner over the hidden label (so the button keeps its width), sets aria-busy and
   * blocks further clicks until the work is done.
   */
  loading?: boolean;
};

export function Button({
  variant = 'primary',
  size = 'md',
  loading = false,
  disabled,
  type = 'button',
  className,
  children,
  ...rest
}: ButtonProps) {
  const classes = [styles.button, styles[variant], styles[size], className].filter(Boolean).join(' ');
  return (
    <button
      {...rest}
      type={type}
      className={classes}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      data-variant={variant}
    >
      {loading ? (
        <>
          <span className={styles.spinner}>
            <SpinnerIcon size="sm" />
          </span>
          {/* Transparent, not hidden: it keeps the width and stays the button's accessible name. */}
          <span className={styles.busyLabel}>{children}</span>
        </>
      ) : (
        children
      )}
    </button>
  );
}

export type IconButtonProps = Omit<ButtonProps, 'children' | 'aria-label'> & {
  /** The accessible name; also shown as the pointer's tooltip. An icon alone says nothing. */
  label: string;
  /** The icon, e.g. `<MoreHorizontal aria-hidden />`. */
  icon: ReactNode;
};

/** A square button with only an icon; `label` is required so it always has a name. */
export function IconButton({ label, icon, variant = 'ghost', className, ...rest }: IconButtonProps) {
  return (
    <Button
      {...rest}
      variant={variant}
      aria-label={label}
      title={label}
      className={className ? `${styles.iconOnly} ${className}` : styles.iconOnly}
    >
      {icon}
    </Button>
  );
}
