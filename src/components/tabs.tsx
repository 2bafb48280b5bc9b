import { Tabs as RadixTabs } from 'radix-ui';
import type { ReactNode } from 'react';
import styles from '@/components/tabs.module.css';

export type TabItem = { value: string; label: ReactNode; content: ReactNode };

export type TabsProps = {
  /** Names the tab list for screen readers, e.g. «Innstillinger». */
  label: string;
  items: readonly TabItem[];
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
};

export function Tabs({ label, items, value, defaultValue, onValueChange }: TabsProps) {
  return (
    <RadixTabs.Root
      className={styles.root}
      value={value}
      defaultValue={defaultValue ?? items[0]?.value}
      onValueChange={onValueChange}
    >
      <RadixTabs.List className={styles.list} aria-label={label}>
        {items.map((item) => (
          <RadixTabs.Trigger key={item.value} value={item.value} className={styles.trigger}>
            {item.label}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {items.map((item) => (
        <RadixTabs.Content key={item.value} value={item.value} className={styles.panel}>
          {item.content}
        </RadixTabs.Content>
      ))}
    </RadixTabs.Root>
  );
}

type SectionTabsProps<Section extends string> = {
  label: string;
  sections: readonly Section[];
  value: Section;
  onValueChange: (value: string) => void;
  labelOf: (section: Section) => ReactNode;
  /** The open section's content: only it is rendered, so each section loads its own data when opened. */
  render: (section: Section) => ReactNode;
};

/** An editor's sections as tabs (the open one usually kept in `?section=` by useSectionParam). */
export function SectionTabs<Section extends string>({
  label,
  sections,
  value,
  onValueChange,
  labelOf,
  render,
}: SectionTabsProps<Section>) {
  return (
    <Tabs
      label={label}
      value={value}
      onValueChange={onValueChange}
      items={sections.map((section) => ({
        value: section,
        label: labelOf(section),
        content: section === value ? render(section) : null,
      }))}
    />
  );
}
