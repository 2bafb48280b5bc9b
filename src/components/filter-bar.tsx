import { SlidersHorizontal } from 'lucide-react';
import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import { Button } from '@/components/button';
import styles from '@/components/filter-bar.module.css';

export type FilterBarProps = {
  /** The search field: always in sight, outside the fold. */
  search?: ReactNode;
  /** The filter fields: inline on a wide screen, folded behind the toggle on a narrow one. */
  children: ReactNode;
  /** The buttons under the fields («Bruk filtre», «Nullstill»), folded with them. */
  actions?: ReactNode;
  /** How many of the fields are in use (the search not counted): the toggle shows it, «Filtrer (2)». */
  activeCount: number;
  /**
   * The toggle's text, «Filtrer». From the feature's strings: the shared components' strings ship
   * with the sign-in page, which must stay small.
   */
  toggleLabel: string;
  /** A field has an error: the fields stay unfolded, so the error is in sight. */
  invalid?: boolean;
};

/**
 * Filters that fit a phone. Under 40rem of the bar's own width the fields fold into a disclosure
 * behind «Filtrer (n)», so the first rows of the list are in sight; wider, they show inline.
 * Render it inside the caller's form (or fieldset): it lays fields out, it does not submit them.
 */
export function FilterBar({
  search,
  children,
  actions,
  activeCount,
  toggleLabel,
  invalid = false,
}: FilterBarProps) {
  const [toggled, setToggled] = useState(false);
  const open = toggled || invalid;
  const panelId = useId();
  return (
    <div className={styles.frame}>
      <div className={styles.bar}>
        <div className={styles.top}>
          {search ? <div className={styles.search}>{search}</div> : null}
          <Button
            variant="secondary"
            className={styles.toggle}
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => setToggled(!open)}
          >
            <SlidersHorizontal aria-hidden="true" size={16} />
            {activeCount > 0 ? `${toggleLabel} (${activeCount})` : toggleLabel}
          </Button>
        </div>
        <div id={panelId} className={styles.panel} data-open={open || undefined}>
          {children}
          {actions ? <div className={styles.actions}>{actions}</div> : null}
        </div>
      </div>
    </div>
  );
}
