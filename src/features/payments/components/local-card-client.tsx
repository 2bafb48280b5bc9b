import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/badge';
import { confirm } from '@/components/dialog-store';
import { Input } from '@/components/input';
import {
  EMPTY_CARD,
  cardOf,
  cardProblems,
  formatCardNumber,
  formatCvc,
  formatExpiry,
  validateCard,
  type CardValues,
} from '@/lib/card-validation';
import { errorMessage } from '@/lib/error-message';
import { i18next } from '@/lib/i18n';
import { callLocalProvider } from '../api/call-local-provider';
import {
  type CardClient,
  type CardErrorCode,
  type CardFieldsProps,
  type CardFieldsState,
  type CardOutcome,
  type ConfirmationPurpose,
} from '../types';
import { FIELD_OF_CODE } from '../utils/card-error-code';
import styles from './card.module.css';

/** Stripe's documented test cards the form lists (docs/payments.md «Test cards»). */
export const TEST_CARDS = [
  { number: '4242 4242 4242 4242', outcome: 'succeeds' },
  { number: '4000 0027 6000 3184', outcome: 'authenticate' },
  { number: '4000 0000 0000 0002', outcome: 'declined' },
  { number: '4000 0000 0000 9995', outcome: 'insufficientFunds' },
  { number: '4000 0000 0000 0069', outcome: 'expired' },
] as const;

type Field = keyof CardValues;
const FIELDS: readonly Field[] = ['number', 'expiry', 'cvc'];

/**
 * The local provider's browser half (test mode, offline): a plain card form that validates with
 * Elements' codes before anything is sent, `payments-local` instead of Stripe, and a test
 * 3-D Secure dialog instead of the bank's page.
 */
export function createLocalClient(): CardClient {
  let values: CardValues = EMPTY_CARD;
  // Bumped when a confirmation is refused for the fields: the form shows every problem and focuses.
  let reveals = 0;
  // A field code the server answered with (a test card like 4000 0000 0000 0127 → invalid_cvc): shown
  // on its field until that field changes.
  let refused: { field: Field; code: CardErrorCode } | null = null;
  const listeners = new Set<() => void>();
  const emit = () => {
    for (const listener of listeners) listener();
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };

  /** The card as typed, or the code Elements would refuse it with (nothing is sent then). */
  function checked():
    { card: ReturnType<typeof cardOf> } | { error: NonNullable<ReturnType<typeof validateCard>> } {
    const problem = validateCard(values, new Date());
    if (!problem) return { card: cardOf(values) };
    reveals += 1;
    emit();
    return { error: problem };
  }

  /** A field's code from the server is shown on the field, which gets the focus (as for our own). */
  function shown(outcome: CardOutcome): CardOutcome {
    const field = 'error' in outcome ? FIELD_OF_CODE[outcome.error] : undefined;
    if (field && 'error' in outcome) {
      refused = { field, code: outcome.error };
      reveals += 1;
      emit();
    }
    return outcome;
  }

  async function handleNextAction(
    clientSecret: string,
    purpose: ConfirmationPurpose = 'payment',
  ): Promise<CardOutcome> {
    const t = i18next.getFixedT(null, 'payments');
    // Saving a card charges nothing: its bank step speaks of the card, not of a payment.
    const approve = await confirm({
      title: purpose === 'setup' ? t('card.threeDSecure.setupTitle') : t('card.threeDSecure.title'),
      description:
        purpose === 'setup' ? t('card.threeDSecure.setupDescription') : t('card.threeDSecure.description'),
      confirmLabel: t('card.threeDSecure.approve'),
      cancelLabel: t('card.threeDSecure.decline'),
    });
    return callLocalProvider({ action: 'authenticate', clientSecret, approve });
  }

  /** Like Stripe.js's confirmCard*: a requested 3-D Secure step is carried out before answering. */
  async function withNextAction(
    clientSecret: string,
    outcome: CardOutcome,
    purpose: ConfirmationPurpose,
  ): Promise<CardOutcome> {
    if ('status' in outcome && outcome.status === 'requires_action')
      return handleNextAction(clientSecret, purpose);
    return outcome;
  }

  function LocalCardFields({ id, onChange, disabled }: CardFieldsProps) {
    const { t } = useTranslation('payments');
    const [typed, setTyped] = useState<CardValues>(values);
    const [touched, setTouched] = useState<Record<Field, boolean>>({
      number: false,
      expiry: false,
      cvc: false,
    });
    const revealed = useSyncExternalStore(subscribe, () => reveals);
    const refusal = useSyncExternalStore(subscribe, () => refused);
    const problems = cardProblems(typed, new Date());
    if (refusal && !problems[refusal.field]) problems[refusal.field] = refusal.code;
    const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});
    const shownReveal = useRef(revealed);

    useEffect(() => {
      if (revealed === shownReveal.current) return;
      shownReveal.current = revealed;
      const now = cardProblems(values, new Date());
      const first = FIELDS.find((field) => now[field] ?? (refused?.field === field ? refused.code : null));
      if (first) inputs.current[first]?.focus();
    }, [revealed]);

    const update = (field: Field, value: string) => {
      const next = { ...typed, [field]: value };
      setTyped(next);
      values = next;
      if (refused?.field === field) {
        refused = null;
        emit();
      }
      const problem = validateCard(next, new Date());
      const state: CardFieldsState = {
        complete: problem === null,
        empty: !next.number && !next.expiry && !next.cvc,
        error: problem,
      };
      onChange?.(state);
    };
    const errorOf = (field: Field) => {
      const problem = problems[field];
      const show = revealed > 0 || (touched[field] && typed[field] !== '');
      return problem && show ? errorMessage(problem) : undefined;
    };
    const common = (field: Field) => ({
      ref: (element: HTMLInputElement | null) => {
        inputs.current[field] = element;
      },
      inputMode: 'numeric' as const,
      disabled,
      error: errorOf(field),
      onBlur: () => setTouched((before) => ({ ...before, [field]: true })),
    });

    return (
      <fieldset className={styles.card} data-card-provider="local">
        <legend>
          {t('card.local.legend')} <Badge tone="warning">{t('card.testMode')}</Badge>
        </legend>
        <p className={styles.muted}>{t('card.local.intro')}</p>
        <Input
          {...common('number')}
          id={id}
          label={t('card.local.number')}
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          value={typed.number}
          onChange={(event) => update('number', formatCardNumber(event.target.value))}
        />
        <div className={styles.row}>
          <Input
            {...common('expiry')}
            id={`${id}-expiry`}
            label={t('card.local.expiry')}
            autoComplete="cc-exp"
            placeholder={t('card.local.expiryPlaceholder')}
            value={typed.expiry}
            onChange={(event) => update('expiry', formatExpiry(event.target.value, typed.expiry))}
          />
          <Input
            {...common('cvc')}
            id={`${id}-cvc`}
            label={t('card.local.cvc')}
            autoComplete="cc-csc"
            placeholder="123"
            value={typed.cvc}
            onChange={(event) => update('cvc', formatCvc(event.target.value))}
          />
        </div>
        <details className={styles.testCards}>
          <summary>{t('card.local.testCards')}</summary>
          <ul>
            {TEST_CARDS.map((card) => (
              <li key={card.number}>
                <code>{card.number}</code> – {t(`card.local.outcomes.${card.outcome}`)}
              </li>
            ))}
          </ul>
          <p className={styles.muted}>{t('card.local.anyExpiry')}</p>
        </details>
      </fieldset>
    );
  }

  return {
    provider: 'local',
    CardFields: LocalCardFields,
    async confirmSetup(clientSecret) {
      const input = checked();
      if ('error' in input) return { error: input.error };
      const outcome = await callLocalProvider({
        action: 'confirmSetup',
        clientSecret,
        card: input.card,
      });
      return shown(await withNextAction(clientSecret, outcome, 'setup'));
    },
    async confirmPayment(clientSecret, options = {}) {
      const input = checked();
      if ('error' in input) return { error: input.error };
      const outcome = await callLocalProvider({
        action: 'confirmPayment',
        clientSecret,
        card: input.card,
        saveCard: options.saveCard ?? false,
      });
      return shown(await withNextAction(clientSecret, outcome, 'payment'));
    },
    handleNextAction,
  };
}
