import { Archive, BarChart3, Copy, Eye, EyeOff, Pencil } from 'lucide-react';
import type { ReactNode } from 'react';
import type { ConfirmOptions } from '@/components/dialog-store';

// The entries of a list row's menu (`RowMenu`), and the ones every campaign list has, with their icons.

/** One entry of a row's menu: its words and icon, and where it goes or what it does. */
export type RowAction = {
  label: string;
  icon: ReactNode;
  /** 'danger' for what takes the row out of use (Arkiver …). */
  tone?: 'danger';
  /** Why it cannot be chosen now: the entry stays in the menu, reachable, and says so. */
  disabledReason?: string;
} & (
  | { to: string; href?: never; onSelect?: never }
  | { href: string; to?: never; onSelect?: never }
  | {
      onSelect: () => void;
      /** Asked first; the action runs only on «yes». */
      confirm?: ConfirmOptions;
      to?: never;
      href?: never;
    }
);

/** An entry left out for this row (e.g. «Arkiver» on an archived one) is written `false` or `null`. */
export type RowActions = readonly (RowAction | false | null | undefined)[];

/** «Rediger»: the row's editor. */
export const editAction = (label: string, to: string): RowAction => ({ label, to, icon: <Pencil /> });

/** «Tall»: the row's figures. */
export const figuresAction = (label: string, to: string): RowAction => ({ label, to, icon: <BarChart3 /> });

/** «Lag kopi»: a copy of the row. */
export const duplicateAction = (label: string, onSelect: () => void): RowAction => ({
  label,
  onSelect,
  icon: <Copy />,
});

/**
 * «Publiser» on a draft row, «Avpubliser» on a live one; nothing on another status (an archived row is
 * brought back another way). `onPublish(true)` publishes, `onPublish(false)` takes it down.
 */
export const publishAction = (
  status: string,
  labels: { publish: string; unpublish: string },
  onPublish: (published: boolean) => void,
): RowAction | false =>
  status === 'draft'
    ? { label: labels.publish, icon: <Eye />, onSelect: () => onPublish(true) }
    : status === 'live' && { label: labels.unpublish, icon: <EyeOff />, onSelect: () => onPublish(false) };

/**
 * «Arkiver»: asks first (the dialog's button says the same as the entry, in red), then archives.
 * An archived row has no «Arkiver»: leave the entry out for it.
 */
export const archiveAction = ({
  label,
  question,
  description,
  onArchive,
}: {
  label: string;
  question: string;
  description?: string;
  onArchive: () => void;
}): RowAction => ({
  label,
  icon: <Archive />,
  tone: 'danger',
  confirm: { title: question, description, confirmLabel: label, tone: 'danger' },
  onSelect: onArchive,
});
