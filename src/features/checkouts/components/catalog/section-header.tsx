import type { ReactNode } from 'react';
import layout from '@/components/page.module.css';

/** A tab's intro and its main action («Nytt produkt»), where a list page has them under its title. */
export function SectionHeader({ intro, action }: { intro: string; action: ReactNode }) {
  return (
    <div className={layout.header}>
      <p className={layout.muted}>{intro}</p>
      {action}
    </div>
  );
}
