import { type RefObject, useState } from 'react';
import { PublicPage } from '@/components/public/public-page';
import ui from '@/components/public/public-ui.module.css';
import { failureText } from '@/lib/public/public-texts';
import { useDocumentTitle } from '@/lib/public/use-document-title';
import { usePublicLoad } from '@/lib/public/use-public-load';
import {
  type BookingSlot,
  type BookingView,
  cancelBooking,
  readBy,
  rescheduleBooking,
  viewBooking,
} from './booking-api';
import { BookingFacts } from './booking-facts';
import { useBookingTexts } from './booking-texts';
import { osloToday } from './booking-time';
import styles from './booking.module.css';
import { DayPicker, TimePicker } from './slot-pickers';
import { StatusPage } from './status-page';
import { useMonthSlots } from './use-month-slots';
import { useStepFocus } from './use-step-focus';
import { useWhen } from './use-when';

/** The manage page of the e-mail's signed link: `/booking/endre?token=…`. */
export function ManagePage({ token }: { token: string | null }) {
  const { t } = useBookingTexts();
  const { state, reload } = usePublicLoad(readBy(token, viewBooking), token ?? '');
  if (state.status !== 'ready' || !token)
    return <StatusPage state={state} title={t('titles.manageFallback')} onRetry={reload} />;
  return <ManageBooking token={token} initial={state.data} />;
}

type Mode = 'view' | 'reschedule' | 'cancel';

function ManageBooking({ token, initial }: { token: string; initial: BookingView }) {
  const { t } = useBookingTexts();
  const when = useWhen();
  const [booking, setBooking] = useState(initial);
  useDocumentTitle(t('titles.manage', { name: booking.solution_name }));
  const [mode, setMode] = useState<Mode>('view');
  const [message, setMessage] = useState<{ text: string; failed: boolean } | null>(null);
  const [sending, setSending] = useState(false);
  const heading = useStepFocus(`${mode}:${booking.status}:${booking.start}`);

  // A refusal in words; one that says the booking changed (too late, cancelled) shows it as it is now.
  const run = async (change: () => Promise<BookingView>, done: (view: BookingView) => string) => {
    setSending(true);
    setMessage(null);
    try {
      const view = await change();
      setBooking(view);
      setMode('view');
      setMessage({ text: done(view), failed: false });
      return true;
    } catch (error) {
      const code = (error as { code?: string }).code ?? 'unknown';
      setMessage({ text: failureText(t, code), failed: true });
      if (code === 'booking-too-late' || code === 'booking-cancelled') {
        setBooking(await viewBooking(token, new AbortController().signal).catch(() => booking));
        setMode('view');
      }
      return false;
    } finally {
      setSending(false);
    }
  };

  const live = booking.status === 'confirmed';
  return (
    <PublicPage>
      <div className={`${ui.panel} ${styles.flow}`}>
        <header className={styles.header}>
          <p className={ui.muted}>{booking.solution_name}</p>
          <h1 className={ui.title}>{t('manage.heading')}</h1>
        </header>
        {message ? (
          <p role={message.failed ? 'alert' : 'status'} className={message.failed ? ui.error : undefined}>
            {message.text}
          </p>
        ) : null}
        {mode === 'view' ? (
          <section>
            <h2 ref={heading} tabIndex={-1} className={ui.heading}>
              {booking.service_name}
            </h2>
            <BookingFacts booking={booking} status />
            {live && booking.changeable ? (
              <div className={ui.actions}>
                <button type="button" className={ui.button} onClick={() => setMode('reschedule')}>
                  {t('manage.reschedule')}
                </button>
                <button
                  type="button"
                  className={`${ui.button} ${ui.secondary}`}
                  onClick={() => setMode('cancel')}
                >
                  {t('manage.cancel')}
                </button>
              </div>
            ) : live ? (
              <p>{t('manage.tooLate')}</p>
            ) : (
              <a className={ui.link} href={`/booking/${encodeURIComponent(booking.solution_id)}`}>
                {t('manage.again')}
              </a>
            )}
          </section>
        ) : null}

        {mode === 'cancel' ? (
          <section>
            <h2 ref={heading} tabIndex={-1} className={ui.heading}>
              {t('manage.confirmCancel', { service: booking.service_name, when: when(booking.start) })}
            </h2>
            <div className={ui.actions}>
              <button
                type="button"
                className={`${ui.button} ${ui.danger}`}
                disabled={sending}
                onClick={() =>
                  void run(
                    () => cancelBooking(token),
                    () => t('manage.cancelled'),
                  )
                }
              >
                {t('manage.yesCancel')}
              </button>
              <button
                type="button"
                className={`${ui.button} ${ui.secondary}`}
                onClick={() => setMode('view')}
              >
                {t('manage.keep')}
              </button>
            </div>
          </section>
        ) : null}

        {mode === 'reschedule' ? (
          <Reschedule
            booking={booking}
            heading={heading}
            sending={sending}
            onMove={(slot) =>
              run(
                () => rescheduleBooking(token, slot.start),
                (view) => t('manage.moved', { when: when(view.start) }),
              )
            }
            onAbort={() => setMode('view')}
          />
        ) : null}
      </div>
    </PublicPage>
  );
}

type RescheduleProps = {
  booking: BookingView;
  heading: RefObject<HTMLHeadingElement | null>;
  sending: boolean;
  onMove: (slot: BookingSlot) => Promise<boolean>;
  onAbort: () => void;
};

/** A new day and time for the same service; the function checks it again and the database decides. */
function Reschedule({ booking, heading, sending, onMove, onAbort }: RescheduleProps) {
  const { t } = useBookingTexts();
  const when = useWhen();
  const [today] = useState(() => osloToday());
  const slots = useMonthSlots(booking.solution_id, booking.service_id, today);
  const [date, setDate] = useState<string | null>(null);
  const [slot, setSlot] = useState<BookingSlot | null>(null);
  return (
    <section className={styles.flow}>
      <h2 ref={heading} tabIndex={-1} className={ui.heading}>
        {t('manage.newTime')}
      </h2>
      <DayPicker
        slots={slots}
        selected={date}
        onPick={(day) => {
          setDate(day.date);
          setSlot(null);
        }}
      />
      {date && slots.status === 'ready' ? (
        <TimePicker day={slots.dayOf(date)} seats={1} selected={slot?.start ?? null} onPick={setSlot} />
      ) : null}
      <div className={ui.actions}>
        {slot ? (
          <button
            type="button"
            className={ui.button}
            disabled={sending}
            onClick={() =>
              void onMove(slot).then((moved) => {
                if (!moved) slots.reload();
              })
            }
          >
            {t('manage.confirmMove', { when: when(slot.start) })}
          </button>
        ) : null}
        <button type="button" className={`${ui.button} ${ui.secondary}`} onClick={onAbort}>
          {t('manage.abort')}
        </button>
      </div>
    </section>
  );
}
