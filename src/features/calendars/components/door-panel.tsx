import { useEffect, useRef, useState } from 'react';
import { rememberDetails, rememberedDetails } from '@/lib/public/remembered-details';
import { usePublicLoad } from '@/lib/public/use-public-load';
import { getPublicDoor, signDoorMedia, submitCalendarEntry, type SignedMedia } from '../api/public-calendar';
import type { EntryResult, PublicCalendar, PublicDoor } from '../types';
import { DoorView } from './public/door-view';
import { EntryForm } from './public/entry-form';
import { EntryResultView } from './public/entry-result';
import { PageStatus } from './public/page-status';

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
 * A door of a published calendar for a visitor: reads it (a future door answers
 * `calendar-door-not-found`, so its content never reaches the page), signs its media as anon, and
 * sends the entry.
 */
export function DoorPanel({ calendar, day, clockOffset, backHref, onBack, focusOnOpen }: DoorPanelProps) {
  const { state, reload } = usePublicLoad<Loaded>(async (signal) => {
    const door = await getPublicDoor(calendar.id, day, signal);
    return { door, media: await signDoorMedia(door.media, signal) };
  }, `${calendar.id}/${day}`);
  const [result, setResult] = useState<EntryResult | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (focusOnOpen && state.status === 'ready') heading.current?.focus();
  }, [focusOnOpen, state.status]);

  if (state.status !== 'ready')
    return (
      <PageStatus
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
