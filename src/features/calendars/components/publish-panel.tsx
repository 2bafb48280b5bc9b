import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { Checklist, ChecklistItem } from '@/components/checklist';
import { confirm } from '@/components/dialog-store';
import { FormStatus } from '@/components/form-status';
import { notify } from '@/components/notification-store';
import layout from '@/components/page.module.css';
import { useKeepFocus } from '@/lib/use-keep-focus';
import type { CalendarEditorData } from '../api/get-calendar';
import { useUpdateCalendar } from '../api/update-calendar';
import { publishChecks, publishGaps } from '../utils/publish-checks';
import styles from './calendars.module.css';
import { PublishDialog } from './publish-dialog';

/**
 * Publish / unpublish. Before publishing, «Før du publiserer» lists the checks: a missing consent text
 * or a lottery (purchase + chance) blocks publishing here, before the database would refuse it, and
 * «Publiser» asks first with what is unfinished (PublishDialog). Once published the checklist goes;
 * unpublishing asks first. Focus stays on the one button that publishes and unpublishes, and the
 * outcome is announced.
 */
export function PublishPanel({ data }: { data: CalendarEditorData }) {
  const { t } = useTranslation('calendars');
  const { calendar } = data;
  const update = useUpdateCalendar(calendar.id, calendar.organization_id);
  const checks = publishChecks(data);
  const [asking, setAsking] = useState(false);
  const action = useKeepFocus(update.isPending);
  const published = Boolean(calendar.published_at);
  const blocked = !checks.consent
    ? t('editor.publishBlocked')
    : !checks.lottery
      ? t('editor.publishLotteryBlocked')
      : null;

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
          <ChecklistItem done={checks.lottery}>{t('editor.checkLottery')}</ChecklistItem>
          <ChecklistItem done={checks.rules}>{t('editor.checkRules')}</ChecklistItem>
          <ChecklistItem done={checks.filled === checks.total && checks.total > 0}>
            {t('editor.checkDoors', { filled: checks.filled, total: checks.total })}
          </ChecklistItem>
        </Checklist>
      )}
      {!published && blocked ? (
        <p className={styles.warning} id="publish-blocked">
          {blocked}
        </p>
      ) : null}
      <FormStatus error={update.error} />
      <div className={layout.actions}>
        {/* One button for both, so focus stays on it when its job changes. */}
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
        name={calendar.name}
        gaps={publishGaps(data)}
        onPublish={publish}
      />
    </section>
  );
}
