import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
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
    <ul className={styles.checklist}>
      {gaps.emptyDoors.length > 0 ? (
        <li className={styles.missing}>
          {t('publish.gaps.emptyDoors', { count: gaps.emptyDoors.length, days: days(gaps.emptyDoors) })}
        </li>
      ) : null}
      {gaps.placeholders.map((place) => (
        <li key={String(place.where)} className={styles.missing}>
          {t('publish.gaps.placeholders', { where: where(place.where), found: place.found.join(', ') })}
        </li>
      ))}
      {gaps.prizesWithoutText > 0 ? (
        <li className={styles.missing}>{t('publish.gaps.prizes', { count: gaps.prizesWithoutText })}</li>
      ) : null}
      {gaps.doorsWithoutAltText.length > 0 ? (
        <li className={styles.missing}>
          {t('publish.gaps.altText', {
            count: gaps.doorsWithoutAltText.length,
            days: days(gaps.doorsWithoutAltText),
          })}
        </li>
      ) : null}
      {gaps.backgroundWithoutAltText ? (
        <li className={styles.missing}>{t('publish.gaps.backgroundAlt')}</li>
      ) : null}
    </ul>
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
