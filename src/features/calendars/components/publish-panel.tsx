import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { confirm } from '@/components/dialog-store';
import { FormStatus } from '@/components/form-status';
import { notify } from '@/components/notification-store';
import layout from '@/components/page.module.css';
import type { CalendarEditorData } from '../api/get-calendar';
import { useUpdateCalendar } from '../api/update-calendar';
import { publishChecks } from '../utils/publish-checks';
import styles from './calendars.module.css';

/**
 * Publish / unpublish with the checks listed: a missing consent text or a lottery (purchase + chance)
 * blocks publishing here, before the database would refuse it; unpublishing asks first.
 */
export function PublishPanel({ data }: { data: CalendarEditorData }) {
  const { t } = useTranslation('calendars');
  const { calendar } = data;
  const update = useUpdateCalendar(calendar.id, calendar.organization_id);
  const checks = publishChecks(data);
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
      <h2 id="publish-title">{t('editor.publishChecks')}</h2>
      <ul className={styles.checklist}>
        <li className={checks.consent ? styles.ok : styles.missing}>{t('editor.checkConsent')}</li>
        <li className={checks.lottery ? styles.ok : styles.missing}>{t('editor.checkLottery')}</li>
        <li className={checks.rules ? styles.ok : styles.missing}>{t('editor.checkRules')}</li>
        <li className={checks.filled === checks.total && checks.total > 0 ? styles.ok : styles.missing}>
          {t('editor.checkDoors', { filled: checks.filled, total: checks.total })}
        </li>
      </ul>
      {!published && blocked ? (
        <p className={styles.warning} id="publish-blocked">
          {blocked}
        </p>
      ) : null}
      <FormStatus error={update.error} />
      <div className={layout.actions}>
        {published ? (
          <Button variant="secondary" loading={update.isPending} onClick={() => void unpublish()}>
            {t('editor.unpublish')}
          </Button>
        ) : (
          <Button
            loading={update.isPending}
            disabled={blocked !== null}
            aria-describedby={blocked ? 'publish-blocked' : undefined}
            onClick={publish}
          >
            {t('editor.publish')}
          </Button>
        )}
      </div>
    </section>
  );
}
