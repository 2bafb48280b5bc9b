import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { ButtonSize, ButtonVariant } from '@/components/button';
import styles from '@/components/button.module.css';

/** A link to another screen that looks like a `Button` (a list's «Ny …» that opens a create page). */
export function ButtonLink({
  to,
  variant = 'primary',
  size = 'md',
  children,
}: {
  to: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  children: ReactNode;
}) {
  return (
    <Link className={[styles.button, styles[variant], styles[size]].join(' ')} to={to}>
      {children}
    </Link>
  );
}
