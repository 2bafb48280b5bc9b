import { lazy, Suspense, useRef, useState } from 'react';
import type { CardStepResult, ServerConfirmation } from '@/components/public/card-step';
import { cardStepTexts } from '@/components/public/card-step-texts';
import ui from '@/components/public/public-ui.module.css';
import { osloTime } from '@/lib/public/oslo-time';
import { failureText } from '@/lib/public/public-texts';
import { type Booked, type BookingPayment, type BookingView, confirmBookingPayment } from './booking-api';
import { BookingFacts } from './booking-facts';
import { formatPrice } from './booking-price';
import { useBookingTexts } from './booking-texts';

// Stripe.js or the local test form: only a paid booking's page loads them.
const CardStep = lazy(() => import('@/components/public/card-step'));

/** The hold is gone (the order expired or was canceled): the page goes back to the times. */
const HOLD_GONE = new Set(['booking-payment-expired', 'booking-cancelled', 'booking-not-found']);

type PayStepProps = {
  booked: Booked & { payment: BookingPayment };
  /** The payment settled: the booking, now confirmed. */
  onPaid: (booking: BookingView) => void;
  /** The bank is still working: the e-mail follows once it approves. */
  onProcessing: () => void;
  /** The hold ran out or was released: back to the times, with the reason. */
  onHoldGone: (code: string) => void;
};

/**
 * «Betal» (under the page's step heading): the held booking, its price incl. MVA and the shared card step against the booking
 * function's `confirm`. A declined card keeps the hold and everything typed: the visitor tries another.
 */
export default function PayStep({ booked, onPaid, onProcessing, onHoldGone }: PayStepProps) {
  const { t, language } = useBookingTexts();
  const [failure, setFailure] = useState<string | null>(null);
  // Remounted after a decline, so the card form starts empty for the next card.
  const [attempt, setAttempt] = useState(0);
  const confirmed = useRef<BookingView | null>(null);
  const { payment } = booked;
  const price = formatPrice(payment.totalOre, language);

  const confirm = async (): Promise<ServerConfirmation> => {
    const answer = await confirmBookingPayment(booked.token);
    if (answer.status === 'succeeded') confirmed.current = answer.booking;
    return answer;
  };

  const done = (result: CardStepResult) => {
    if ('status' in result) {
      if (result.status === 'processing') return onProcessing();
      return onPaid(confirmed.current ?? { ...booked.booking, status: 'confirmed' });
    }
    if (HOLD_GONE.has(result.error)) return onHoldGone(result.error);
    setFailure(`${result.message ?? failureText(t, result.error)} ${t('pay.failed')}`);
    setAttempt((count) => count + 1);
  };

  return (
    <>
      <BookingFacts booking={booked.booking} />
      <dl className={ui.facts}>
        <div>
          <dt>{t('pay.price')}</dt>
          <dd>{t('pay.amount', { price })}</dd>
        </div>
      </dl>
      <p className={ui.hint}>{t('pay.held', { time: osloTime(payment.expiresAt, language) })}</p>
      {failure ? (
        <p role="alert" className={ui.error}>
          {failure}
        </p>
      ) : null}
      <Suspense fallback={<p role="status">{t('pay.loadingCard')}</p>}>
        <CardStep
          key={attempt}
          payment={payment}
          language={language}
          confirm={confirm}
          onDone={done}
          texts={cardStepTexts(t, price)}
        />
      </Suspense>
    </>
  );
}
