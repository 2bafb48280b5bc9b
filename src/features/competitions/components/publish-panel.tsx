import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { PublishPanel as SharedPublishPanel } from '@/components/publish-panel';
import type { CampaignPrize } from '@/lib/campaign/api/get-prizes';
import type { CompetitionEditorData } from '../api/get-competition';
import { useUpdateCompetition } from '../api/update-competition';
import { publishChecks, publishGaps, type CompetitionGaps } from '../utils/publish-checks';

type T = TFunction<'competitions'>;

function gapLines(gaps: CompetitionGaps, t: T): string[] {
  return [
    ...(gaps.rulesMissing ? [t('publish.gaps.rules')] : []),
    ...gaps.placeholders.map((place) =>
      t('publish.gaps.placeholders', {
        where: t(`publish.where.${place.where}`),
        found: place.found.join(', '),
      }),
    ),
    ...(gaps.noTeams ? [t('publish.gaps.noTeams')] : []),
    ...(gaps.emptyGroups.length > 0
      ? [
          t('publish.gaps.emptyGroups', {
            count: gaps.emptyGroups.length,
            names: gaps.emptyGroups.join(', '),
          }),
        ]
      : []),
    ...(gaps.prizesWithoutText > 0 ? [t('publish.gaps.prizes', { count: gaps.prizesWithoutText })] : []),
  ];
}

/**
 * Publish / unpublish in the shared panel. While a draft the checks are listed (a missing consent text
 * blocks here, before the database would refuse it) and «Publiser» asks first with what is unfinished.
 * The outcome is announced.
 */
export function PublishPanel({ data, prizes }: { data: CompetitionEditorData; prizes: CampaignPrize[] }) {
  const { t } = useTranslation('competitions');
  const { competition } = data;
  const update = useUpdateCompetition(competition.id, competition.organization_id);
  const checks = publishChecks(data);

  return (
    <SharedPublishPanel
      published={Boolean(competition.published_at)}
      checks={[
        { done: checks.consent, label: t('editor.checkConsent') },
        { done: checks.rules, label: t('editor.checkRules') },
        { done: checks.teams, label: t('editor.checkTeams') },
      ]}
      blocked={checks.consent ? null : t('editor.publishBlocked')}
      pending={update.isPending}
      error={update.error}
      save={(publishedAt, done) => update.mutate({ published_at: publishedAt }, { onSuccess: done })}
      texts={{
        checksTitle: t('editor.publishChecks'),
        publishedTitle: t('editor.publishedTitle'),
        publishedNote: t('editor.publishedNote'),
        publish: t('editor.publish'),
        unpublish: t('editor.unpublish'),
        unpublishConfirm: t('editor.unpublishConfirm'),
        published: t('editor.published'),
        unpublished: t('editor.unpublished'),
      }}
      dialog={{
        gaps: gapLines(publishGaps(data, prizes), t),
        texts: {
          title: t('publish.confirmTitle', { name: competition.name }),
          ready: t('publish.ready'),
          gapsIntro: t('publish.gapsIntro'),
          cancel: t('publish.cancel'),
          publish: t('editor.publish'),
          publishAnyway: t('publish.publishAnyway'),
          confirmAnyway: t('publish.confirmAnyway'),
          anywayNote: t('publish.anywayNote'),
        },
      }}
    />
  );
}
