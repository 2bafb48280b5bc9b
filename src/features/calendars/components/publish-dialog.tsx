import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { Checklist, ChecklistItem } from '@/components/checklist';
import { Dialog } from '@/components/dialog';
import layout from '@/components/page.module.css';
import { hasGaps, type PublishGaps } from '../utils/publish-checks';
import styles from './calendars.module.css';

type PublishDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  name: string;
  gaps: PublishGaps;
  onPublish: () => void;
};

const days = (list: number[]) => list.join(', ');

/** The unfinished parts, one line each. */
function GapList({ gaps }: { gaps: PublishGaps }) {
  const { t } = useTranslation('calendars');
  const where = (place: PublishGaps['placeholders'][number]['where']) =>
    typeof place === 'number' ? t('publish.where.door', { day: place }) : t(`publish.where.${place}`);
  return (
    <Checklist>
      {gaps.emptyDoors.length > 0 ? (
        <ChecklistItem done={false}>
          {t('publish.gaps.emptyDoors', { count: gaps.emptyDoors.length, days: days(gaps.emptyDoors) })}
        </ChecklistItem>
      ) : null}
      {gaps.placeholders.map((place) => (
        <ChecklistItem key={String(place.where)} done={false}>
          {t('publish.gaps.placeholders', { where: where(place.where), found: place.found.join(', ') })}
        </ChecklistItem>
      ))}
      {gaps.prizesWithoutText > 0 ? (
        <ChecklistItem done={false}>
          {t('publish.gaps.prizes', { count: gaps.prizesWithoutText })}
        </ChecklistItem>
      ) : null}
      {gaps.doorsWithoutAltText.length > 0 ? (
        <ChecklistItem done={false}>
          {t('publish.gaps.altText', {
            count: gaps.doorsWithoutAltText.length,
            days: days(gaps.doorsWithoutAltText),
          })}
        </ChecklistItem>
      ) : null}
      {gaps.backgroundWithoutAltText ? (
        <ChecklistItem done={false}>{t('publish.gaps.backgroundAlt')}</ChecklistItem>
      ) : null}
    </Checklist>
  );
}

/**
 * «Publiser» asks first: with nothing unfinished a plain yes; with gaps it lists them, and publishing
 * anyway needs a second, explicit yes (the box ticked) so nobody publishes `[premiene]` by a slip.
 */
export function PublishDialog({ open, onOpenChange, name, gaps, onPublish }: PublishDialogProps) {
  const { t } = useTranslation('calendars');
  const [anyway, setAnyway] = useState(false);
  const noteId = useId();
  const unfinished = hasGaps(gaps);
  const change = (next: boolean) => {
    if (!next) setAnyway(false);
    onOpenChange(next);
  };
  return (
    <Dialog
      open={open}
      onOpenChange={change}
      title={t('publish.confirmTitle', { name })}
      description={unfinished ? t('publish.gapsIntro') : t('publish.ready')}
      footer={
        <>
          <Button variant="secondary" onClick={() => change(false)}>
            {t('publish.cancel')}
          </Button>
          <Button
            disabled={unfinished && !anyway}
            aria-describedby={unfinished && !anyway ? noteId : undefined}
            onClick={() => {
              change(false);
              onPublish();
            }}
          >
            {unfinished ? t('publish.publishAnyway') : t('editor.publish')}
          </Button>
        </>
      }
    >
      {unfinished ? (
        <>
          <GapList gaps={gaps} />
          <label className={styles.checkbox}>
            <input type="checkbox" checked={anyway} onChange={(event) => setAnyway(event.target.checked)} />
            {t('publish.confirmAnyway')}
          </label>
          <p id={noteId} className={layout.muted}>
            {t('publish.anywayNote')}
          </p>
        </>
      ) : null}
    </Dialog>
  );
}
