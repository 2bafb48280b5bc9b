import { useState } from 'react';
import { Countdown } from '@/components/public/countdown';
import { PageStatus } from '@/components/public/page-status';
import { PublicPage } from '@/components/public/public-page';
import { rememberDetails, rememberedDetails } from '@/lib/public/remembered-details';
import { useDocumentTitle } from '@/lib/public/use-document-title';
import { useSignedUrl } from '@/lib/public/use-signed-url';
import { registerCalendarParticipant } from '../api/public-calendar';
import { CalendarPublicPage } from '../components/public/calendar-public-page';
import styles from '../components/public/calendar-public.module.css';
import { useCalendarTexts, useStatusTexts, useWhen } from '../components/public/calendar-texts';
import { EntryForm } from '../components/public/entry-form';
import { EntryResultView } from '../components/public/entry-result';
import { usePublicCalendar } from '../hooks/use-public-calendar';
import { calendarPath } from '../utils/public-links';

/**
 * `/calendar/countdown?id=…`: before the first door, the time left and pre-registration with consent
 * (the participant and their lead are made now; reminders start with the first door).
 */
export default function CalendarCountdownPage() {
  const { t } = useCalendarTexts();
  const when = useWhen();
  const statusTexts = useStatusTexts();
  const search = window.location.search;
  const id = new URLSearchParams(search).get('id');
  const { state, reload, calendar, now, offset } = usePublicCalendar(id);
  const background = useSignedUrl(calendar?.background?.path);
  const [outcome, setOutcome] = useState<'registered' | null>(null);
  useDocumentTitle(calendar ? t('titles.countdown', { name: calendar.name }) : t('titles.fallback'));

  if (!calendar || !now)
    return (
      <PublicPage>
        <PageStatus
          {...statusTexts}
          pageHeading
          status={state.status === 'failed' ? { code: state.code } : 'loading'}
          onRetry={reload}
        />
      </PublicPage>
    );

  const first = calendar.doors[0];
  const started = first ? Date.parse(first.opens_at) <= now.getTime() : true;
  const ended = calendar.status === 'ended';
  return (
    <CalendarPublicPage design={calendar.design} backgroundUrl={background}>
      <header className={styles.panel}>
        <h1 className={styles.title}>{calendar.name}</h1>
      </header>
      <section className={styles.panel} aria-label={t('countdown.firstDoor')}>
        {ended ? (
          <p>{t('countdown.ended')}</p>
        ) : first && !started ? (
          <Countdown
            target={first.opens_at}
            now={now}
            label={t('countdown.firstDoor')}
            note={t('countdown.opensAt', { day: first.day_number, when: when(first.opens_at) })}
          />
        ) : (
          <p>
            <a className={styles.button} href={calendarPath(calendar.id, search)}>
              {t('countdown.goToCalendar')}
            </a>
          </p>
        )}
      </section>
      {ended ? null : (
        <section className={styles.panel}>
          {outcome ? (
            <EntryResultView kind="register" outcome={outcome} />
          ) : (
            <EntryForm
              mode="register"
              consentText={calendar.consent_text ?? ''}
              marketingConsentText={calendar.marketing_consent_text}
              remindersEnabled={calendar.reminders_enabled ?? true}
              rulesText={calendar.rules_text}
              initial={rememberedDetails()}
              onSubmit={async (input, shownAt) => {
                const result = await registerCalendarParticipant(
                  calendar.id,
                  input,
                  new Date(shownAt.getTime() + offset),
                );
                rememberDetails({ email: input.email, name: input.name, phone: input.phone });
                setOutcome(result);
              }}
            />
          )}
        </section>
      )}
    </CalendarPublicPage>
  );
}
