import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { FormStatus } from '@/components/form-status';
import { notify } from '@/components/notification-store';
import layout from '@/components/page.module.css';
import { SkeletonText } from '@/components/skeleton';
import { Table, type TableColumn } from '@/components/table';
import { Textarea } from '@/components/textarea';
import { formatDate, formatDateTime, formatNumber } from '@/lib/format';
import { useSignedMediaUrls } from '@/lib/media/api/sign-media-paths';
import type { CompetitionEditorData } from '../api/get-competition';
import { competitionProgressQueryOptions, type ProgressEntry } from '../api/get-progress';
import { useModerateProgress } from '../api/moderate-progress';
import { LIMITS } from '../utils/competition-rules';
import { personName } from '../utils/names';
import styles from './competitions.module.css';

const who = (entry: ProgressEntry) => personName(entry.participants);

/**
 * The latest progress entries with their photos: «Avvis» asks for a reason (the participant sees it) and the entry stops
 * counting; «Gjenopprett» makes it count again. Focus returns to the row's button after the dialog.
 */
export function ModerationSection({ data }: { data: CompetitionEditorData }) {
  const { t } = useTranslation('competitions');
  const { competition, teams } = data;
  const entries = useQuery(competitionProgressQueryOptions(competition.id));
  const moderate = useModerateProgress(competition.id);
  const [rejecting, setRejecting] = useState<ProgressEntry | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const teamName = new Map(teams.map((team) => [team.id, team.name]));
  const photoPath = (entry: ProgressEntry) => entry.campaign_uploads?.object_path ?? null;
  const photos = useSignedMediaUrls((entries.data ?? []).map(photoPath), 'campaign-uploads');

  const close = () => {
    setRejecting(null);
    setReason('');
    setReasonError(undefined);
  };
  const reject = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!rejecting) return;
    const text = reason.trim();
    if (!text || text.length > LIMITS.reason) {
      setReasonError(t('errors.reasonRequired'));
      document.getElementById('reject-reason')?.focus();
      return;
    }
    moderate.mutate(
      { entryId: rejecting.id, reason: text },
      {
        onSuccess: () => {
          close();
          notify({ message: t('moderation.rejected'), tone: 'success' });
        },
      },
    );
  };
  const restore = (entry: ProgressEntry) =>
    moderate.mutate(
      { entryId: entry.id, reason: null },
      { onSuccess: () => notify({ message: t('moderation.restored'), tone: 'success' }) },
    );

  const columns: TableColumn<ProgressEntry>[] = [
    { key: 'who', header: t('moderation.who'), card: 'title', cell: who },
    {
      key: 'amount',
      header: t('moderation.amount'),
      align: 'end',
      cell: (entry) => `${formatNumber(entry.amount)} ${competition.unit}`,
    },
    {
      key: 'state',
      header: t('moderation.state'),
      card: 'status',
      cell: (entry) =>
        entry.rejected_at ? (
          <Badge tone="danger">{t('moderation.rejectedBadge')}</Badge>
        ) : (
          <Badge tone="success">{t('moderation.accepted')}</Badge>
        ),
    },
    {
      key: 'team',
      header: t('moderation.team'),
      card: 'meta',
      cell: (entry) => (entry.team_id ? (teamName.get(entry.team_id) ?? '') : ''),
    },
    {
      key: 'photo',
      header: t('moderation.photo'),
      cell: (entry) => {
        const url = photos.get(photoPath(entry) ?? '');
        return url ? (
          <a href={url} target="_blank" rel="noreferrer">
            <img className={styles.thumb} src={url} alt={t('moderation.photoOf', { name: who(entry) })} />
          </a>
        ) : null;
      },
    },
    { key: 'date', header: t('moderation.date'), cell: (entry) => formatDate(`${entry.on_date}T12:00:00Z`) },
    {
      key: 'when',
      header: t('moderation.when'),
      priority: 'secondary',
      cell: (entry) => formatDateTime(entry.created_at),
    },
    {
      key: 'note',
      header: t('moderation.note'),
      priority: 'optional',
      cell: (entry) => entry.rejected_reason ?? entry.note ?? '',
    },
    {
      key: 'actions',
      header: t('list.actions'),
      card: 'action',
      cell: (entry) =>
        entry.rejected_at ? (
          <Button
            variant="secondary"
            size="sm"
            loading={moderate.isPending && moderate.variables.entryId === entry.id}
            onClick={() => restore(entry)}
          >
            {t('moderation.restore')}
          </Button>
        ) : (
          <Button
            variant="secondary"
            size="sm"
            aria-label={t('moderation.rejectFor', { name: who(entry) })}
            onClick={() => setRejecting(entry)}
          >
            {t('moderation.reject')}
          </Button>
        ),
    },
  ];

  return (
    <div className={layout.form}>
      <p className={layout.muted}>{t('moderation.intro')}</p>
      <FormStatus error={entries.error ?? (rejecting ? null : moderate.error)} />
      {entries.isPending ? <SkeletonText lines={4} /> : null}
      {entries.data ? (
        <Table
          caption={t('moderation.caption')}
          hideCaption
          columns={columns}
          rows={entries.data}
          rowKey={(entry) => entry.id}
          empty={<p className={layout.muted}>{t('moderation.none')}</p>}
        />
      ) : null}
      <Dialog
        open={rejecting !== null}
        onOpenChange={(open) => (open ? undefined : close())}
        title={rejecting ? t('moderation.rejectFor', { name: who(rejecting) }) : ''}
        description={
          rejecting
            ? `${formatNumber(rejecting.amount)} ${competition.unit}, ${formatDate(`${rejecting.on_date}T12:00:00Z`)}`
            : undefined
        }
      >
        <form className={layout.form} onSubmit={reject} noValidate>
          <Textarea
            id="reject-reason"
            label={t('moderation.reason')}
            hint={t('moderation.reasonHint')}
            rows={3}
            maxLength={LIMITS.reason}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            error={reasonError}
          />
          <FormStatus error={moderate.error} />
          <div className={styles.rowActions}>
            <Button type="submit" variant="danger" loading={moderate.isPending}>
              {t('moderation.reject')}
            </Button>
            <Button variant="secondary" onClick={close}>
              {t('moderation.cancel')}
            </Button>
          </div>
        </form>
      </Dialog>
    </div>
  );
}
