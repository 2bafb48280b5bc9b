import { useTranslation } from 'react-i18next';
import { PublishPanel as SharedPublishPanel } from '@/components/publish-panel';
import type { CalendarEditorData } from '../api/get-calendar';
import { useUpdateCalendar } from '../api/update-calendar';
import { publishChecks, publishGaps } from '../utils/publish-checks';
import { publishGapLines } from '../utils/publish-gap-lines';

/**
 * Publish / unpublish in the shared panel. Before publishing, «Før du publiserer» lists the checks: a
 * missing consent text or a lottery (purchase + chance) blocks publishing here, before the database
 * would refuse it, and «Publiser» asks first with what is unfinished. Once published the checklist
 * goes; unpublishing asks first. The outcome is announced.
 */
export function PublishPanel({ data }: { data: CalendarEditorData }) {
  const { t } = useTranslation('calendars');
  const { calendar } = data;
  const update = useUpdateCalendar(calendar.id, calendar.organization_id);
  const checks = publishChecks(data);
  const blocked = !checks.consent
    ? t('editor.publishBlocked')
    : !checks.lottery
      ? t('editor.publishLotteryBlocked')
      : null;

  return (
    <SharedPublishPanel
      published={Boolean(calendar.published_at)}
      checks={[
        { done: checks.consent, label: t('editor.checkConsent') },
        { done: checks.lottery, label: t('editor.checkLottery') },
        { done: checks.rules, label: t('editor.checkRules') },
        {
          done: checks.filled === checks.total && checks.total > 0,
          label: t('editor.checkDoors', { filled: checks.filled, total: checks.total }),
        },
      ]}
      blocked={blocked}
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
        gaps: publishGapLines(publishGaps(data), t),
        texts: {
          title: t('publish.confirmTitle', { name: calendar.name }),
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
