import CardStep, { type CardStepResult } from '@/components/public/card-step';
import { cardStepTexts } from '@/components/public/card-step-texts';
import { confirmCheckoutPayment, type StartAnswer } from '../../api/public-checkout';
import { useCheckoutTexts } from './checkout-texts';
import { formatKroner } from './totals';

export type { CardStepResult };

type Payment = Extract<StartAnswer, { status: 'requires_confirmation' }>;

/**
 * The checkout's card step: the shared one (`@/components/public/card-step`) with the checkout's
 * words, and checkout-pay's `confirm`, which settles the order (or, after a decline, releases it).
 * Loaded lazily by the page, with the shared step.
 */
export default function CheckoutCardStep({
  payment,
  onDone,
}: {
  payment: Payment;
  onDone: (result: CardStepResult) => void;
}) {
  const { t, language } = useCheckoutTexts();
  return (
    <CardStep
      payment={payment}
      language={language}
      confirm={() => confirmCheckoutPayment(payment.orderId, payment.orderToken)}
      onDone={onDone}
      texts={cardStepTexts(t, formatKroner(payment.totalOre, language))}
    />
  );
}
