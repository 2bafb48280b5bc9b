import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { Checklist, ChecklistItem } from '@/components/checklist';
import { confirm } from '@/components/dialog-store';
import { FormStatus } from '@/components/form-status';
import { notify } from '@/components/notification-store';
import layout from '@/components/page.module.css';
import { PublishDialog } from '@/components/publish-dialog';
import type { CampaignPrize } from '@/lib/campaign/api/get-prizes';
import { useKeepFocus } from '@/lib/use-keep-focus';
import type { CompetitionEditorData } from '../api/get-competition';
import { useUpdateCompetition } from '../api/update-competition';
import { publishChecks, publishGaps, type CompetitionGaps } from '../utils/publish-checks';
import styles from './competitions.module.css';

type T = ReturnType<typeof useTranslation<'competitions'>>['t'];

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
 * Publish / unpublish. While a draft, «Før du publiserer» lists the checks (a missing consent text
 * blocks here, before the database would refuse it) and «Publiser» asks first with what is unfinished.
 * One button for both jobs, so focus stays on it; the outcome is announced.
 */
export function PublishPanel({ data, prizes }: { data: CompetitionEditorData; prizes: CampaignPrize[] }) {
  const { t } = useTranslation('competitions');
  const { competition } = data;
  const update = useUpdateCompetition(competition.id, competition.organization_id);
  const checks = publishChecks(data);
  const [asking, setAsking] = useState(false);
  const action = useKeepFocus(update.isPending);
  const published = Boolean(competition.published_at);
  const blocked = !checks.consent ? t('editor.publishBlocked') : null;

  const publish = () =>
    update.mutate(
      { published_at: new Date().toISOString() },
      { onSuccess: () => notify({ message: t('editor.published'), tone: 'success' }) },
    );
  const unpublish = async () => {
    if (
      !(await confirm({
        title: t('editor.unpublishConfirm'),
        confirmLabel: t('editor.unpublish'),
        tone: 'danger',
      }))
    )
      return;
    update.mutate(
      { published_at: null },
      { onSuccess: () => notify({ message: t('editor.unpublished'), tone: 'success' }) },
    );
  };

  return (
    <section className={layout.section} aria-labelledby="publish-title">
      <h2 id="publish-title">{published ? t('editor.publishedTitle') : t('editor.publishChecks')}</h2>
      {published ? (
        <p className={layout.muted}>{t('editor.publishedNote')}</p>
      ) : (
        <Checklist>
          <ChecklistItem done={checks.consent}>{t('editor.checkConsent')}</ChecklistItem>
          <ChecklistItem done={checks.rules}>{t('editor.checkRules')}</ChecklistItem>
          <ChecklistItem done={checks.teams}>{t('editor.checkTeams')}</ChecklistItem>
        </Checklist>
      )}
      {!published && blocked ? (
        <p className={styles.warning} id="publish-blocked">
          {blocked}
        </p>
      ) : null}
      <FormStatus error={update.error} />
      <div className={layout.actions}>
        <Button
          ref={action}
          variant={published ? 'secondary' : 'primary'}
          loading={update.isPending}
          disabled={!published && blocked !== null}
          aria-describedby={!published && blocked ? 'publish-blocked' : undefined}
          onClick={() => (published ? void unpublish() : setAsking(true))}
        >
          {published ? t('editor.unpublish') : t('editor.publish')}
        </Button>
      </div>
      <PublishDialog
        open={asking}
        onOpenChange={setAsking}
        gaps={gapLines(publishGaps(data, prizes), t)}
        onPublish={publish}
        texts={{
          title: t('publish.confirmTitle', { name: competition.name }),
          ready: t('publish.ready'),
          gapsIntro: t('publish.gapsIntro'),
          cancel: t('publish.cancel'),
          publish: t('editor.publish'),
          publishAnyway: t('publish.publishAnyway'),
          confirmAnyway: t('publish.confirmAnyway'),
          anywayNote: t('publish.anywayNote'),
        }}
      />
    </section>
  );
}
