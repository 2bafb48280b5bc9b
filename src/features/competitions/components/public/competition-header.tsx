import type { ReactNode } from 'react';
import { osloDate } from '@/lib/public/oslo-time';
import type { PublicCompetition } from '../../api/public-competition';
import styles from './competition-public.module.css';
import { useCompetitionTexts } from './page-texts';

type CompetitionHeaderProps = {
  competition: PublicCompetition;
  /** The page's h1 when it is not the competition's name (the team list). */
  title?: string;
  /** A way up, e.g. from the team list to the competition. */
  back?: { href: string; text: string };
  children?: ReactNode;
};

/** A public competition page's head: the way back, the h1, the status with its date, and more. */
export function CompetitionHeader({ competition, title, back, children }: CompetitionHeaderProps) {
  const { t, language } = useCompetitionTexts();
  const date = (value: string) => osloDate(value, language);
  const status =
    competition.status === 'draft'
      ? t('status.draft')
      : competition.status === 'scheduled'
        ? t('status.scheduled', { date: date(competition.starts_at) })
        : competition.status === 'live'
          ? t('status.live', { date: date(competition.ends_on) })
          : t('status.ended', { date: date(competition.ends_on) });
  return (
    <header className={styles.panel}>
      {back ? (
        <p className={styles.back}>
          <a className={styles.link} href={back.href}>
            {back.text}
          </a>
        </p>
      ) : null}
      <h1 className={styles.title}>{title ?? competition.name}</h1>
      <p className={styles.status} data-status={competition.status}>
        {status}
      </p>
      {children}
    </header>
  );
}
