import type { TFunction } from 'i18next';
import type { PublishGaps } from './publish-checks';

const days = (list: number[]) => list.join(', ');

/** The calendar's unfinished parts as the publish dialog lists them, one line each. */
export function publishGapLines(gaps: PublishGaps, t: TFunction<'calendars'>): string[] {
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
