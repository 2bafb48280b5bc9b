import { useTranslation } from 'react-i18next';
import { PublishDialog as SharedPublishDialog } from '@/components/publish-dialog';
import type { PublishGaps } from '../utils/publish-checks';

type PublishDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  name: string;
  gaps: PublishGaps;
  onPublish: () => void;
};

const days = (list: number[]) => list.join(', ');

/** The calendar's unfinished parts, one line each. */
function gapLines(gaps: PublishGaps, t: ReturnType<typeof useTranslation<'calendars'>>['t']): string[] {
  const where = (place: PublishGaps['placeholders'][number]['where']) =>
    typeof place === 'number' ? t('publish.where.door', { day: place }) : t(`publish.where.${place}`);
  return [
    ...(gaps.emptyDoors.length > 0
      ? [t('publish.gaps.emptyDoors', { count: gaps.emptyDoors.length, days: days(gaps.emptyDoors) })]
      : []),
    ...gaps.placeholders.map((place) =>
      t('publish.gaps.placeholders', { where: where(place.where), found: place.found.join(', ') }),
    ),
    ...(gaps.prizesWithoutText > 0 ? [t('publish.gaps.prizes', { count: gaps.prizesWithoutText })] : []),
    ...(gaps.doorsWithoutAltText.length > 0
      ? [
          t('publish.gaps.altText', {
            count: gaps.doorsWithoutAltText.length,
            days: days(gaps.doorsWithoutAltText),
          }),
        ]
      : []),
    ...(gaps.backgroundWithoutAltText ? [t('publish.gaps.backgroundAlt')] : []),
  ];
}

/** The shared «Publiser» dialog with the calendar's gaps and words. */
export function PublishDialog({ open, onOpenChange, name, gaps, onPublish }: PublishDialogProps) {
  const { t } = useTranslation('calendars');
  return (
    <SharedPublishDialog
      open={open}
      onOpenChange={onOpenChange}
      gaps={gapLines(gaps, t)}
      onPublish={onPublish}
      texts={{
        title: t('publish.confirmTitle', { name }),
        ready: t('publish.ready'),
        gapsIntro: t('publish.gapsIntro'),
        cancel: t('publish.cancel'),
        publish: t('editor.publish'),
        publishAnyway: t('publish.publishAnyway'),
        confirmAnyway: t('publish.confirmAnyway'),
        anywayNote: t('publish.anywayNote'),
      }}
    />
  );
}
