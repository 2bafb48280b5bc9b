import {
  type Dispatch,
  type FormEvent,
  lazy,
  type ReactNode,
  type SetStateAction,
  Suspense,
  useRef,
  useState,
} from 'react';
import { ParticipantFields } from '@/components/public/participant-fields';
import { PublicPage } from '@/components/public/public-page';
import ui from '@/components/public/public-ui.module.css';
import type { AnswerError } from '@/lib/forms/engine-visitor';
import {
  type ParticipantFieldName,
  type ParticipantValues,
  participantValues,
} from '@/lib/public/participant-values';
import { publicDesignVariables } from '@/lib/public/public-design';
import { failureText } from '@/lib/public/public-texts';
import { rememberDetails, rememberedDetails } from '@/lib/public/remembered-details';
import { useDocumentTitle } from '@/lib/public/use-document-title';
import { usePublicLoad } from '@/lib/public/use-public-load';
import {
  book,
  type Booked,
  type BookingSlot,
  manageHref,
  type PublicBookingService,
  type PublicBookingSolution,
  readBy,
  readSolution,
} from './booking-api';
import { BookingFacts } from './booking-facts';
import { formatPrice } from './booking-price';
import { BookingQuestionFields } from './booking-question-fields';
import { useBookingTexts } from './booking-texts';
import { dayName, osloToday } from './booking-time';
import styles from './booking.module.css';
import { DayPicker, TimePicker } from './slot-pickers';
import { StatusPage } from './status-page';
import {
  answersToSend,
  type BookingQuestionsState,
  showAnswerErrors,
  useBookingQuestions,
} from './use-booking-questions';
import { useMonthSlots } from './use-month-slots';
import { useStepFocus } from './use-step-focus';
import { useWhen } from './use-when';

type Step = 'service' | 'day' | 'time' | 'details' | 'pay' | 'confirmed';

// A paid service's «Betal» step, with the card form: loaded only when a visitor gets there.
const PayStep = lazy(() => import('./pay-step'));

// The engine's refusals that belong to one field of the details.
const FIELD_OF_CODE: Record<string, ParticipantFieldName> = {
  'participant-email-invalid': 'email',
  'participant-phone-invalid': 'phone',
  'participant-consent-required': 'consent',
};

// The slot went while the visitor typed: back to the times, everything typed kept.
const SLOT_GONE = new Set(['booking-slot-taken', 'booking-slot-unavailable']);

/** The public booking page: `/booking/:id`, or `/booking/iframe?id=…` in a customer's page. */
export function BookingPage({ solutionId }: { solutionId: string | null }) {
  const { t } = useBookingTexts();
  const { state, reload } = usePublicLoad(readBy(solutionId, readSolution), solutionId ?? '');
  if (state.status !== 'ready')
    return <StatusPage state={state} title={t('titles.fallback')} onRetry={reload} />;
  return <BookingFlow solution={state.data} />;
}

function BookingFlow({ solution }: { solution: PublicBookingSolution }) {
  const { t, language } = useBookingTexts();
  const when = useWhen();
  // A service paid online is offered while the seller takes card payments (docs/booking.md «Betaling»).
  const services = solution.services.filter(
    (service) => service.payment === 'on_site' || solution.online_payments,
  );
  const [step, setStep] = useState<Step>(services.length === 1 ? 'day' : 'service');
  const [service, setService] = useState<PublicBookingService | null>(
    services.length === 1 ? (services[0] ?? null) : null,
  );
  const [today] = useState(() => osloToday(new Date(solution.now)));
  const [date, setDate] = useState<string | null>(null);
  const [slot, setSlot] = useState<BookingSlot | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  // Held here: a slot taken while the visitor typed sends them back to the times, details kept.
  const [values, setValues] = useState(() => participantValues(rememberedDetails()));
  const [booked, setBooked] = useState<(Booked & { email: string; processing?: boolean }) | null>(null);
  const questions = useBookingQuestions(solution.id, service?.id ?? null);
  const heading = useStepFocus(step);

  const titles: Record<Step, string> = {
    service: t('titles.service', { name: solution.name }),
    day: t('titles.day', { name: solution.name }),
    time: t('titles.time', { name: solution.name }),
    details: t('titles.details', { name: solution.name }),
    pay: t('titles.pay', { name: solution.name }),
    confirmed: t('titles.confirmed', { name: solution.name }),
  };
  useDocumentTitle(titles[step]);

  const go = (next: Step) => {
    setAlert(null);
    setStep(next);
  };
  const number = { service: 1, day: 2, time: 3, details: 4, pay: 5, confirmed: 4 }[step];
  const paid = service?.payment === 'online';
  const stepHeading = (text: string) => (
    <h2 ref={heading} tabIndex={-1} className={ui.heading}>
      {text}
    </h2>
  );

  return (
    <PublicPage variables={publicDesignVariables(solution.design)}>
      <div className={`${ui.panel} ${styles.flow}`}>
        <header className={styles.header}>
          <p className={ui.muted}>{solution.organization_name}</p>
          <h1 className={ui.title}>{solution.name}</h1>
        </header>
        {step !== 'confirmed' ? (
          <p className={ui.hint}>{t('step', { step: number, total: paid ? 5 : 4 })}</p>
        ) : null}
        {step !== 'service' && step !== 'pay' && step !== 'confirmed' && service ? (
          <Chosen
            items={[
              services.length > 1
                ? { text: service.name, change: t('change.service'), onChange: () => go('service') }
                : { text: service.name },
              step !== 'day' && date
                ? { text: dayName(date, language), change: t('change.day'), onChange: () => go('day') }
                : null,
              step === 'details' && slot
                ? { text: when(slot.start), change: t('change.time'), onChange: () => go('time') }
                : null,
            ]}
          />
        ) : null}
        {alert ? (
          <p role="alert" className={ui.error}>
            {alert}
          </p>
        ) : null}

        {step === 'service' ? (
          <section>
            {stepHeading(t('service.heading'))}
            <ServiceList
              services={services}
              onPick={(picked) => {
                if (picked.id !== service?.id) {
                  setDate(null);
                  setSlot(null);
                }
                setService(picked);
                go('day');
              }}
            />
          </section>
        ) : null}

        {service && step !== 'service' && step !== 'pay' && step !== 'confirmed' ? (
          <SlotSteps
            key={service.id}
            solutionId={solution.id}
            service={service}
            today={today}
            step={step}
            heading={stepHeading}
            date={date}
            slot={slot}
            onDay={(picked) => {
              setDate(picked);
              setSlot(null);
              go('time');
            }}
            onSlot={(picked) => {
              setSlot(picked);
              go('details');
            }}
            details={(reloadSlots) =>
              slot ? (
                <DetailsStep
                  solution={solution}
                  service={service}
                  slot={slot}
                  values={values}
                  setValues={setValues}
                  questions={questions}
                  onBooked={(answer, email) => {
                    setBooked({ ...answer, email });
                    go(answer.payment ? 'pay' : 'confirmed');
                  }}
                  onSlotGone={(code) => {
                    reloadSlots();
                    setSlot(null);
                    setStep('time');
                    setAlert(`${failureText(t, code)} ${t('details.kept')}`);
                  }}
                />
              ) : null
            }
          />
        ) : null}

        {step === 'pay' && booked?.payment ? (
          <section>
            {stepHeading(t('pay.heading'))}
            <Suspense fallback={<p role="status">{t('pay.loadingCard')}</p>}>
              <PayStep
                booked={{ ...booked, payment: booked.payment }}
                onPaid={(booking) => {
                  setBooked({ ...booked, booking });
                  go('confirmed');
                }}
                onProcessing={() => {
                  setBooked({ ...booked, processing: true });
                  go('confirmed');
                }}
                onHoldGone={(code) => {
                  setSlot(null);
                  setStep('time');
                  setAlert(`${failureText(t, code)} ${t('details.kept')}`);
                }}
              />
            </Suspense>
          </section>
        ) : null}

        {step === 'confirmed' && booked ? (
          <section>
            {stepHeading(t('confirmed.heading'))}
            <BookingFacts booking={booked.booking} />
            {booked.payment ? (
              <p>
                {booked.processing
                  ? t('pay.processing')
                  : t('pay.paid', {
                      price: formatPrice(booked.payment.totalOre, language),
                      email: booked.email,
                    })}
              </p>
            ) : null}
            <p>{t('confirmed.email', { email: booked.email })}</p>
            <p>
              {t('confirmed.manageHint')}{' '}
              <a className={ui.link} href={manageHref(booked.token)}>
                {t('confirmed.manage')}
              </a>
            </p>
          </section>
        ) : null}
      </div>
    </PublicPage>
  );
}

type ChosenItem = { text: string; change?: string; onChange?: () => void } | null;

/** What the visitor has chosen so far, each with its way back. */
function Chosen({ items }: { items: ChosenItem[] }) {
  return (
    <ul className={styles.chosen}>
      {items.map((item) =>
        item ? (
          <li key={item.text}>
            <span>{item.text}</span>
            {item.onChange ? (
              <button type="button" className={styles.change} onClick={item.onChange}>
                {item.change}
              </button>
            ) : null}
          </li>
        ) : null,
      )}
    </ul>
  );
}

function ServiceList({
  services,
  onPick,
}: {
  services: PublicBookingService[];
  onPick: (service: PublicBookingService) => void;
}) {
  const { t, language } = useBookingTexts();
  if (services.length === 0) return <p>{t('service.none')}</p>;
  const price = (service: PublicBookingService, ore: number) =>
    t(service.payment === 'online' ? 'service.online' : 'service.onSite', {
      price: formatPrice(ore, language),
    });
  const duration = (minutes: number) =>
    minutes < 60 || minutes % 60 === 0
      ? minutes < 60
        ? t('service.minutes', { count: minutes })
        : `${minutes / 60} t`
      : t('service.hours', { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
  return (
    <ul className={styles.services}>
      {services.map((service) => (
        <li key={service.id}>
          <button type="button" className={styles.service} onClick={() => onPick(service)}>
            <span className={styles.serviceName}>{service.name}</span>
            <span className={ui.hint}>
              {duration(service.duration_minutes)}
              {service.price_ore ? ` · ${price(service, service.price_ore)}` : ''}
              {service.seats > 1 ? ` · ${t('service.seats', { count: service.seats })}` : ''}
            </span>
            {service.description ? <span>{service.description}</span> : null}
          </button>
        </li>
      ))}
    </ul>
  );
}

type SlotStepsProps = {
  solutionId: string;
  service: PublicBookingService;
  today: string;
  step: Step;
  heading: (text: string) => ReactNode;
  date: string | null;
  slot: BookingSlot | null;
  onDay: (date: string) => void;
  onSlot: (slot: BookingSlot) => void;
  details: (reloadSlots: () => void) => ReactNode;
};

/** The day, time and details steps of one service, over its months of slots. */
function SlotSteps(props: SlotStepsProps) {
  const { t } = useBookingTexts();
  const slots = useMonthSlots(props.solutionId, props.service.id, props.today);
  if (props.step === 'day')
    return (
      <section>
        {props.heading(t('day.heading'))}
        <DayPicker slots={slots} selected={props.date} onPick={(day) => props.onDay(day.date)} />
      </section>
    );
  if (props.step === 'time')
    return (
      <section>
        {props.heading(t('time.heading'))}
        <TimePicker
          day={slots.status === 'ready' ? slots.dayOf(props.date) : null}
          seats={props.service.seats}
          selected={props.slot?.start ?? null}
          onPick={props.onSlot}
        />
      </section>
    );
  return (
    <section>
      {props.heading(t('details.heading'))}
      {props.details(slots.reload)}
    </section>
  );
}

type DetailsStepProps = {
  solution: PublicBookingSolution;
  service: PublicBookingService;
  slot: BookingSlot;
  values: ParticipantValues;
  setValues: Dispatch<SetStateAction<ParticipantValues>>;
  questions: BookingQuestionsState;
  onBooked: (answer: Booked, email: string) => void;
  onSlotGone: (code: string) => void;
};

function DetailsStep(props: DetailsStepProps) {
  const { solution, service, slot, values, setValues, questions, onBooked, onSlotGone } = props;
  const { t } = useBookingTexts();
  const [errors, setErrors] = useState<Partial<Record<ParticipantFieldName, string>>>({});
  const [status, setStatus] = useState('');
  const [sending, setSending] = useState(false);
  const shownAt = useRef(new Date().toISOString());
  const form = useRef<HTMLFormElement>(null);

  const focusField = (name: string) =>
    form.current?.querySelector<HTMLElement>(`[data-field="${name}"]`)?.focus();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const found: Partial<Record<ParticipantFieldName, string>> = {};
    if (!values.email.trim()) found.email = t('invalid.email');
    if (!values.consent) found.consent = t('invalid.consent');
    setErrors(found);
    // The questions come first on the page, so a wrong answer takes the focus before the contact fields.
    const answers = await answersToSend(questions);
    const first = Object.keys(found)[0];
    if (first || !answers) {
      setStatus(t('details.fixErrors'));
      if (answers && first) focusField(first);
      return;
    }
    setStatus('');
    setSending(true);
    const optional = (value: string) => value.trim() || null;
    try {
      const answer = await book({
        solutionId: solution.id,
        serviceId: service.id,
        start: slot.start,
        email: values.email.trim(),
        name: optional(values.name),
        phone: optional(values.phone),
        consent: values.consent,
        marketingConsent: values.marketingConsent,
        honeypot: optional(values.honeypot),
        shownAt: shownAt.current,
        answers,
      });
      rememberDetails({ email: values.email.trim(), name: values.name.trim(), phone: values.phone.trim() });
      onBooked(answer, values.email.trim());
    } catch (error) {
      const code = (error as { code?: string }).code ?? 'unknown';
      if (SLOT_GONE.has(code)) return onSlotGone(code);
      if (code === 'booking-answers-invalid') {
        showAnswerErrors(questions, (error as { errors?: AnswerError[] }).errors ?? []);
        setStatus(t('details.fixErrors'));
        return;
      }
      const text = failureText(t, code);
      const field = FIELD_OF_CODE[code];
      if (field) {
        setErrors({ [field]: text });
        focusField(field);
      }
      setStatus(text);
    } finally {
      setSending(false);
    }
  };

  return (
    <form ref={form} className={ui.form} noValidate onSubmit={(event) => void submit(event)}>
      <BookingQuestionFields questions={questions} marketingText={solution.marketing_consent_text} />
      <ParticipantFields
        values={values}
        onChange={(key, value) => setValues((current) => ({ ...current, [key]: value }))}
        errors={errors}
        consentText={solution.consent_text}
        marketingConsentText={solution.marketing_consent_text}
        remindersLabel={null}
      />
      <p role="status" className={status ? ui.error : undefined}>
        {status}
      </p>
      <div className={ui.actions}>
        <button type="submit" className={ui.button} disabled={sending}>
          {sending ? t('details.sending') : t('details.submit')}
        </button>
      </div>
    </form>
  );
}
