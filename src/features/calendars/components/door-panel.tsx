import { useEffect, useRef, useState } from 'react';
import { PageStatus } from '@/components/public/page-status';
import { rememberDetails, rememberedDetails } from '@/lib/public/remembered-details';
import { usePublicLoad } from '@/lib/public/use-public-load';
import { useServerClock } from '@/lib/public/use-server-clock';
import { getPublicDoor, signDoorMedia, submitCalendarEntry, type SignedMedia } from '../api/public-calendar';
import type { EntryResult, PublicCalendar, PublicDoor } from '../types';
import { doorStateAt } from '../utils/door-times';
import styles from './public/calendar-public.module.css';
import { useCalendarTexts, useStatusTexts, useWhen } from './public/calendar-texts';
import { BackToCalendar, DoorView } from './public/door-view';
import { EntryForm } from './public/entry-form';
import { EntryResultView } from './public/entry-result';

type DoorPanelProps = {
  calendar: PublicCalendar;
  day: number;
  /** The database's clock minus the visitor's (ms), so the time trap is read in the database's time. */
  clockOffset: number;
  backHref?: string;
  onBack?: () => void;
  /** Move focus to the door's heading once it shows (a door opened in place). */
  focusOnOpen?: boolean;
};

type Loaded = { door: PublicDoor; media: SignedMedia };

/**
 * A door of a published calendar for a visitor. The calendar's grid already says when each door opens:
 * a door that has not opened says so without asking for it (the database would refuse, and the
 * browser log a failed request); one not in the grid is «not found» the same way.
 */
export function DoorPanel(props: DoorPanelProps) {
  const { calendar, day, clockOffset, backHref } = props;
  // Ticks each second, so a door opens on the page at its moment.
  const now = useServerClock(clockOffset);
  const statusTexts = useStatusTexts();
  const slot = calendar.doors.find((door) => door.day_number === day);
  if (!slot)
    return <PageStatus {...statusTexts} status={{ code: 'calendar-door-not-found' }} backHref={backHref} />;
  if (now && doorStateAt(slot, now) === 'locked') return <LockedDoor {...props} opensAt={slot.opens_at} />;
  return <OpenedDoor {...props} />;
}

function LockedDoor({ day, backHref, onBack, focusOnOpen, opensAt }: DoorPanelProps & { opensAt: string }) {
  const { t } = useCalendarTexts();
  const when = useWhen();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnOpen) heading.current?.focus();
  }, [focusOnOpen]);
  return (
    <>
      <BackToCalendar backHref={backHref} onBack={onBack} />
      <section className={styles.panel} aria-labelledby="door-heading">
        <h1 id="door-heading" className={styles.title} ref={heading} tabIndex={-1}>
          {t('door.heading', { day })}
        </h1>
        <p role="status">{t('grid.lockedNotice', { day, when: when(opensAt) })}</p>
      </section>
    </>
  );
}

/**
 * An opened door: reads it, signs its media as anon, and sends the entry. (A door read too early
 * answers `calendar-door-not-found`, so its content never reaches the page.)
 */
function OpenedDoor({ calendar, day, clockOffset, backHref, onBack, focusOnOpen }: DoorPanelProps) {
  const { state, reload } = usePublicLoad<Loaded>(async (signal) => {
    const door = await getPublicDoor(calendar.id, day, signal);
    return { door, media: await signDoorMedia(door.media, signal) };
  }, `${calendar.id}/${day}`);
  const [result, setResult] = useState<EntryResult | null>(null);
  const statusTexts = useStatusTexts();
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (focusOnOpen && state.status === 'ready') heading.current?.focus();
  }, [focusOnOpen, state.status]);

  if (state.status !== 'ready')
    return (
      <PageStatus
        {...statusTexts}
        status={state.status === 'loading' ? 'loading' : { code: state.code }}
        onRetry={reload}
        backHref={backHref}
      />
    );
  const { door, media } = state.data;
  return (
    <DoorView
      door={door}
      media={media}
      backHref={backHref}
      onBack={onBack}
      headingRef={heading}
      entryForm={
        result ? (
          <EntryResultView kind="entry" result={result} />
        ) : (
          <EntryForm
            mode="entry"
            consentText={calendar.consent_text ?? ''}
            marketingConsentText={calendar.marketing_consent_text}
            remindersEnabled={calendar.reminders_enabled ?? true}
            quiz={
              door.quiz_kind && door.quiz_question
                ? { kind: door.quiz_kind, question: door.quiz_question, options: door.quiz_options }
                : null
            }
            formFields={door.form_fields}
            rulesText={calendar.rules_text}
            initial={rememberedDetails()}
            onSubmit={async (input, shownAt) => {
              const entry = await submitCalendarEntry(
                calendar.id,
                day,
                input,
                new Date(shownAt.getTime() + clockOffset),
              );
              rememberDetails({ email: input.email, name: input.name, phone: input.phone });
              setResult(entry);
            }}
          />
        )
      }
    />
  );
}
