import { type Ref, useState } from 'react';
import ui from '@/components/public/public-ui.module.css';
import { osloLongDate } from '@/lib/public/oslo-time';
import type { ProgressEntry } from '../../api/participation-api';
import { formatNumber } from '../public/competition-texts';
import { useMeTexts } from './participation-texts';

type MyEntriesProps = {
  entries: readonly ProgressEntry[];
  unit: string;
  /** The team the person is in now: entries of an earlier team say so. */
  teamId: string | null;
  /** Deleting is open until the competition ends. */
  canDelete: boolean;
  headingRef: Ref<HTMLHeadingElement>;
  onDelete: (entry: ProgressEntry, amount: string, date: string) => Promise<void>;
};

/** The person's own entries (live, also while the scoreboard is frozen), newest first, with delete. */
export function MyEntries({ entries, unit, teamId, canDelete, headingRef, onDelete }: MyEntriesProps) {
  const { t, language } = useMeTexts();
  const [busy, setBusy] = useState(false);
  return (
    <section className={ui.panel} aria-labelledby="me-entries">
      <h2 id="me-entries" className={ui.heading} ref={headingRef} tabIndex={-1}>
        {t('me.entries.heading')}
      </h2>
      {entries.length === 0 ? <p>{t('me.entries.empty')}</p> : null}
      <ul className={ui.plain}>
        {entries.map((entry) => {
          const amount = t('amount', { amount: formatNumber(entry.amount, language, 3), unit });
          const date = osloLongDate(`${entry.on_date}T12:00:00Z`, language);
          return (
            <li key={entry.id} className={ui.spaced}>
              <p>
                <strong>{t('me.entries.line', { amount, date })}</strong>
              </p>
              {entry.note ? <p>{entry.note}</p> : null}
              {entry.rejected_at ? (
                <p className={ui.error}>
                  {t('me.entries.rejected', { reason: entry.rejected_reason ?? '' })}
                </p>
              ) : null}
              {teamId && entry.team_id !== teamId ? (
                <p className={ui.hint}>{t('me.entries.otherTeam')}</p>
              ) : null}
              {canDelete ? (
                <button
                  type="button"
                  className={`${ui.button} ${ui.secondary}`}
                  disabled={busy}
                  onClick={() => {
                    setBusy(true);
                    void onDelete(entry, amount, date)
                      .catch(() => undefined)
                      .finally(() => setBusy(false));
                  }}
                >
                  {t('me.entries.delete', { amount, date })}
                </button>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
