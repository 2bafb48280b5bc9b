import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { FieldError } from '@/components/public/field-error';
import ui from '@/components/public/public-ui.module.css';
import { TestBankChallenge } from '@/components/public/test-bank-challenge';
import type { CardErrorCode } from '@/lib/card-confirmation';
import {
  cardOf,
  cardProblems,
  EMPTY_CARD,
  formatCardNumber,
  formatCvc,
  formatExpiry,
  type CardValues,
  validateCard,
} from '@/lib/card-validation';
import { env } from '@/lib/env';
import { describedBy } from '@/lib/public/described-by';
import { anonHeaders } from '@/lib/public/public-rpc';
import { isCardErrorCode, stripeErrorCode } from '@/lib/stripe-error-code';
import { errors as norwegianCardMessages } from '@/locales/nb/member.json';
import styles from './card-step.module.css';

/**
 * The card step of the public pages that take a card (the checkout, a paid booking), loaded only when
 * it shows (Stripe.js and the card form are not on the page before): Stripe's Payment Element, whose
 * 3-D Secure Stripe.js carries out, or the local provider's test form with a test 3-D Secure step.
 * Then the page's own server `confirm` settles (checkout-pay's, or the booking function's).
 */
export type CardPayment = {
  provider: 'stripe' | 'local';
  publishableKey: string | null;
  stripeAccount: string | null;
  clientSecret: string;
  totalOre: number;
};

/** The server's answer on the payment's state now. */
export type ServerConfirmation =
  | { status: 'succeeded' | 'processing' }
  | { status: 'requires_action'; clientSecret: string }
  | { status: 'failed'; error: { code: string } };

/** The step's words in the page's language; `button` already names the amount. */
export type CardStepTexts = Record<
  | 'legend'
  | 'testMode'
  | 'number'
  | 'expiry'
  | 'cvc'
  | 'threeDSecureTitle'
  | 'threeDSecureText'
  | 'approve'
  | 'decline'
  | 'loadingCard'
  | 'working'
  | 'button',
  string
>;

type Payment = CardPayment;
/** How the attempt ended; a refusal with its message in the page's language. */
export type CardStepResult =
  { status: 'succeeded' | 'processing' } | { error: string; message: string | null };

/** `invalid`: the form refused the card before anything was sent (the fields say why). */
type Outcome =
  { status: 'succeeded' | 'processing' | 'requires_action' } | { error: CardErrorCode; invalid?: true };

type CardStepProps = {
  payment: Payment;
  /** The page's server confirm: after the card, and after a decline (so the server knows). */
  confirm: () => Promise<ServerConfirmation>;
  texts: CardStepTexts;
  language: 'nb' | 'en';
  onDone: (result: CardStepResult) => void;
};

/** A card code's message: the payments screens' catalogue (`member.json`'s errors), in the page's language. */
function useCardMessage(language: 'nb' | 'en') {
  const [english, setEnglish] = useState<Record<string, string> | null>(null);
  useEffect(() => {
    if (language === 'en')
      void import('@/locales/en/member.json').then((module) => setEnglish(module.errors));
  }, [language]);
  const messages: Record<string, string> = language === 'en' && english ? english : norwegianCardMessages;
  return (code: string): string => messages[code] ?? messages.card_error ?? '';
}

async function callLocal(body: Record<string, unknown>): Promise<Outcome> {
  try {
    const response = await fetch(`${env.VITE_SUPABASE_URL}/functions/v1/payments-local`, {
      method: 'POST',
      headers: anonHeaders(),
      body: JSON.stringify(body),
    });
    const answer = (await response.json().catch(() => ({}))) as {
      status?: string;
      error?: { code?: string };
    };
    const { status } = answer;
    if (status === 'succeeded' || status === 'processing' || status === 'requires_action') return { status };
    return { error: isCardErrorCode(answer.error?.code) ? answer.error.code : 'api_error' };
  } catch {
    return { error: 'api_error' };
  }
}

type Confirmer = {
  /** The card form's part of the page (Elements mounts into it). */
  confirm: () => Promise<Outcome>;
  nextAction: (clientSecret: string) => Promise<Outcome>;
};

export default function CardStep({ payment, confirm, texts, language, onDone }: CardStepProps) {
  const cardMessage = useCardMessage(language);
  const [paying, setPaying] = useState(false);
  const [challenge, setChallenge] = useState<((approve: boolean) => void) | null>(null);
  const confirmer = useRef<Confirmer | null>(null);

  /** The test bank's question, answered in the page (the local provider only). */
  const askBank = () => new Promise<boolean>((resolve) => setChallenge(() => resolve));
  const localAuthenticate = async (clientSecret: string) =>
    callLocal({ action: 'authenticate', clientSecret, approve: await askBank() });

  const refusal = (code: string) => ({
    error: code,
    message: isCardErrorCode(code) ? cardMessage(code) : null,
  });

  const pay = async () => {
    const current = confirmer.current;
    if (!current || paying) return;
    setPaying(true);
    let outcome = await current.confirm();
    if ('status' in outcome && outcome.status === 'requires_action')
      outcome = await current.nextAction(payment.clientSecret);
    if ('error' in outcome && !outcome.invalid) {
      // The bank said no: confirm tells the server.
      await confirm().catch(() => undefined);
      setPaying(false);
      return onDone({ error: outcome.error, message: cardMessage(outcome.error) });
    }
    if ('error' in outcome) {
      // The fields show what is wrong and the first of them has the focus.
      setPaying(false);
      return;
    }
    try {
      let answer = await confirm();
      if (answer.status === 'requires_action') {
        const next = await current.nextAction(answer.clientSecret);
        if ('error' in next) answer = { status: 'failed', error: { code: next.error } };
        else answer = await confirm();
      }
      setPaying(false);
      if (answer.status === 'failed') return onDone(refusal(answer.error.code));
      if (answer.status === 'requires_action') return onDone(refusal('authentication_required'));
      onDone({ status: answer.status });
    } catch (error) {
      setPaying(false);
      onDone(refusal((error as { code?: string }).code ?? 'unknown'));
    }
  };

  return (
    <div className={ui.form}>
      {payment.provider === 'stripe' ? (
        <StripeFields
          payment={payment}
          language={language}
          loadingText={texts.loadingCard}
          bind={(value) => (confirmer.current = value)}
        />
      ) : (
        <LocalFields
          clientSecret={payment.clientSecret}
          bind={(value) => (confirmer.current = value)}
          authenticate={localAuthenticate}
          cardMessage={cardMessage}
          disabled={paying}
          texts={texts}
        />
      )}
      <button type="button" className={styles.payButton} disabled={paying} onClick={() => void pay()}>
        {paying ? texts.working : texts.button}
      </button>
      {challenge ? (
        <TestBankChallenge
          headingLevel={3}
          texts={{
            title: texts.threeDSecureTitle,
            text: texts.threeDSecureText,
            approve: texts.approve,
            decline: texts.decline,
          }}
          onAnswer={(approve) => {
            challenge(approve);
            setChallenge(null);
          }}
        />
      ) : null}
    </div>
  );
}

type Field = keyof CardValues;

function LocalFields(props: {
  clientSecret: string;
  bind: (confirmer: Confirmer) => void;
  authenticate: (clientSecret: string) => Promise<Outcome>;
  cardMessage: (code: string) => string;
  disabled: boolean;
  texts: CardStepTexts;
}) {
  const { texts } = props;
  const id = useId();
  const [values, setValues] = useState<CardValues>(EMPTY_CARD);
  const [shown, setShown] = useState(false);
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});
  const problems = cardProblems(values, new Date());
  const latest = useRef(values);
  useLayoutEffect(() => {
    latest.current = values;
  });
  const { bind, clientSecret, authenticate } = props;

  useEffect(() => {
    bind({
      confirm: async () => {
        const problem = validateCard(latest.current, new Date());
        if (problem) {
          setShown(true);
          const now = cardProblems(latest.current, new Date());
          const first = (['number', 'expiry', 'cvc'] as const).find((field) => now[field]);
          if (first) inputs.current[first]?.focus();
          return { error: problem, invalid: true };
        }
        return callLocal({ action: 'confirmPayment', clientSecret, card: cardOf(latest.current) });
      },
      nextAction: authenticate,
    });
  }, [bind, clientSecret, authenticate]);

  const field = (name: Field, label: string, format: (value: string) => string, extra: object) => {
    const error = shown && problems[name] ? props.cardMessage(problems[name]) : undefined;
    return (
      <div className={ui.field}>
        <label className={ui.label} htmlFor={`${id}-${name}`}>
          {label}
        </label>
        <input
          id={`${id}-${name}`}
          ref={(element) => {
            inputs.current[name] = element;
          }}
          className={ui.input}
          inputMode="numeric"
          value={values[name]}
          disabled={props.disabled}
          onChange={(event) => setValues((before) => ({ ...before, [name]: format(event.target.value) }))}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(`${id}-${name}`, error)}
          {...extra}
        />
        <FieldError fieldId={`${id}-${name}`} text={error} />
      </div>
    );
  };

  return (
    <fieldset className={ui.fieldset} data-card-provider="local">
      <legend className={ui.legend}>
        {texts.legend} <span className={styles.badge}>{texts.testMode}</span>
      </legend>
      {field('number', texts.number, formatCardNumber, { autoComplete: 'cc-number' })}
      <div className={styles.row}>
        {field('expiry', texts.expiry, (value) => formatExpiry(value, values.expiry), {
          autoComplete: 'cc-exp',
          placeholder: 'MM/ÅÅ',
        })}
        {field('cvc', texts.cvc, formatCvc, { autoComplete: 'cc-csc' })}
      </div>
    </fieldset>
  );
}

function StripeFields(props: {
  payment: Payment;
  language: 'nb' | 'en';
  loadingText: string;
  bind: (confirmer: Confirmer) => void;
}) {
  const mount = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);
  const { payment, language, bind } = props;

  useEffect(() => {
    let cancelled = false;
    let unmount = () => undefined as void;
    void (async () => {
      const { loadStripe } = await import('@stripe/stripe-js');
      const stripe = await loadStripe(
        payment.publishableKey ?? '',
        payment.stripeAccount ? { stripeAccount: payment.stripeAccount } : undefined,
      );
      if (!stripe || cancelled || !mount.current) return;
      const elements = stripe.elements({ clientSecret: payment.clientSecret, locale: language });
      const element = elements.create('payment');
      element.mount(mount.current);
      element.on('ready', () => setReady(true));
      unmount = () => element.destroy();
      const answer = (result: {
        error?: { type?: string; code?: string; decline_code?: string };
      }): Outcome => (result.error ? { error: stripeErrorCode(result.error) } : { status: 'succeeded' });
      bind({
        confirm: async () =>
          answer(
            await stripe.confirmPayment({
              elements,
              redirect: 'if_required',
              confirmParams: { return_url: window.location.href },
            }),
          ),
        nextAction: async (clientSecret) => answer(await stripe.handleNextAction({ clientSecret })),
      });
    })();
    return () => {
      cancelled = true;
      unmount();
    };
  }, [payment, language, bind]);

  return (
    <div>
      {ready ? null : <p role="status">{props.loadingText}</p>}
      <div ref={mount} />
    </div>
  );
}
