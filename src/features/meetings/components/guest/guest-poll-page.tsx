import { useState, type FormEvent } from 'react';
import { PageStatus } from '@/components/public/page-status';
import { PublicPage } from '@/components/public/public-page';
import ui from '@/components/public/public-ui.module.css';
import { osloLongDate, osloTime } from '@/lib/public/oslo-time';
import { publicRpc } from '@/lib/public/public-rpc';
import { failureText } from '@/lib/public/public-texts';
import { useDocumentTitle } from '@/lib/public/use-document-title';
import { usePublicLoad } from '@/lib/public/use-public-load';
import { AnswerChoices, type PollAnswerChoice } from '../answer-choices';
import { useGuestStatusTexts, useGuestTexts } from './guest-texts';

type Answer = PollAnswerChoice;

/** meeting_poll_for_guest's answer (the matrix as this guest may see it); read without zod to stay light. */
type GuestPoll = {
  poll: {
    title: string;
    description: string | null;
    duration_minutes: number;
    deadline: string | null;
    status: 'open' | 'finalized' | 'cancelled';
    chosen_option_id: string | null;
  };
  options: {
    id: string;
    starts_at: string;
    ends_at: string;
    room_name: string | null;
    yes: number;
    if_need_be: number;
    no: number;
    answers: { answer: Answer; mine: boolean }[];
  }[];
  /** The name this guest gave before, if any. */
  guest_name?: string | null;
};

/** The database keeps a guest's name to this (meeting-guest-name-invalid beyond it). */
const NAME_MAX = 100;

// The visitor's own clock, for a time shown beside Oslo's when it differs.
const localFormats = new Map<string, Intl.DateTimeFormat>();
const local = (language: string, kind: 'day' | 'time') => {
  let format = localFormats.get(language + kind);
  if (!format) {
    format = new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'nb-NO', {
      ...(kind === 'day'
        ? { weekday: 'long', day: 'numeric', month: 'long' }
        : { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
    });
    localFormats.set(language + kind, format);
  }
  return format;
};

const mineOf = (data: GuestPoll): Record<string, Answer> =>
  Object.fromEntries(
    data.options.flatMap((option) =>
      option.answers.filter((answer) => answer.mine).map((answer) => [option.id, answer.answer]),
    ),
  );

/** `/motetid?token=…`: an outside guest answers a meeting poll through their signed link, no account. */
export function GuestPollPage({ token }: { token: string | null }) {
  const { t } = useGuestTexts();
  const status = useGuestStatusTexts();
  useDocumentTitle(t('pageTitle'));
  const { state, reload } = usePublicLoad<GuestPoll>(
    (signal) =>
      token
        ? publicRpc<GuestPoll>('meeting_poll_for_guest', { input_token: token }, { signal })
        : Promise.reject(Object.assign(new Error('missing-id'), { code: 'missing-id' })),
    token ?? '',
  );

  return (
    <PublicPage>
      <div className={ui.form}>
        {state.status === 'ready' && token ? (
          <GuestPollForm token={token} data={state.data} key={token} />
        ) : (
          <PageStatus
            status={state.status === 'failed' ? { code: state.code } : 'loading'}
            loadingText={status.loadingText}
            describe={(code) => (code === 'missing-id' ? t('missingToken') : failureText(t, code))}
            onRetry={reload}
            pageHeading
          />
        )}
      </div>
    </PublicPage>
  );
}

function GuestPollForm({ token, data }: { token: string; data: GuestPoll }) {
  const { t, language } = useGuestTexts();
  const [answers, setAnswers] = useState(() => mineOf(data));
  const [name, setName] = useState(data.guest_name ?? '');
  const [saving, setSaving] = useState(false);
  const [result, setResult] = useState<{ ok: true } | { code: string } | null>(null);
  const [missing, setMissing] = useState(false);
  const [counts, setCounts] = useState(data.options);
  const { poll } = data;
  const deadlinePassed = poll.deadline !== null && new Date(poll.deadline) <= new Date();
  const open = poll.status === 'open' && !deadlinePassed;

  const time = (option: GuestPoll['options'][number]) =>
    t('time', {
      day: osloLongDate(option.starts_at, language),
      start: osloTime(option.starts_at, language),
      end: osloTime(option.ends_at, language),
    });
  const localTime = (option: GuestPoll['options'][number]) => {
    const start = new Date(option.starts_at);
    const end = new Date(option.ends_at);
    const same = local(language, 'time').format(start) === osloTime(start, language);
    return same
      ? null
      : t('yourTime', {
          day: local(language, 'day').format(start),
          start: local(language, 'time').format(start),
          end: local(language, 'time').format(end),
        });
  };
  const chosen = data.options.find((option) => option.id === poll.chosen_option_id);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (Object.keys(answers).length === 0) return setMissing(true);
    setMissing(false);
    setSaving(true);
    setResult(null);
    try {
      await publicRpc('answer_meeting_poll_as_guest', {
        input_token: token,
        input_answers: answers,
        input_name: name.trim() || null,
      });
      const fresh = await publicRpc<GuestPoll>('meeting_poll_for_guest', { input_token: token }).catch(
        () => null,
      );
      if (fresh) setCounts(fresh.options);
      setResult({ ok: true });
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      setResult({ code: typeof code === 'string' ? code : 'unknown' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <section className={ui.panel} aria-labelledby="guest-poll-title">
        <h1 id="guest-poll-title" className={ui.title}>
          {poll.title}
        </h1>
        <p>{t('intro')}</p>
        {poll.description ? <p className={ui.rules}>{poll.description}</p> : null}
        <p className={ui.hint}>{t('duration', { minutes: poll.duration_minutes })}</p>
        <p className={ui.hint}>
          {poll.deadline
            ? t('deadline', {
                when: `${osloLongDate(poll.deadline, language)} ${osloTime(poll.deadline, language)}`,
              })
            : t('noDeadline')}
        </p>
        <p className={ui.hint}>{t('osloTime')}</p>
      </section>
      {poll.status === 'finalized' && chosen ? (
        <p className={ui.panel} role="status">
          {t('finalized', { time: time(chosen) })}
        </p>
      ) : poll.status === 'cancelled' ? (
        <p className={ui.panel} role="status">
          {t('cancelled')}
        </p>
      ) : deadlinePassed ? (
        <p className={ui.panel} role="status">
          {t('closed')}
        </p>
      ) : null}
      <form className={`${ui.panel} ${ui.form}`} onSubmit={(event) => void submit(event)} noValidate>
        <div className={ui.field}>
          <label htmlFor="guest-name">{t('name')}</label>
          <input
            id="guest-name"
            className={ui.input}
            value={name}
            onChange={(event) => setName(event.target.value)}
            maxLength={NAME_MAX}
            autoComplete="name"
            disabled={!open}
            aria-describedby="guest-name-hint"
          />
          <p id="guest-name-hint" className={ui.hint}>
            {t('nameHint')}
          </p>
        </div>
        {data.options.map((option) => {
          const shown = counts.find((count) => count.id === option.id) ?? option;
          const yours = localTime(option);
          return (
            <fieldset key={option.id} className={ui.fieldset} disabled={!open}>
              <legend className={ui.legend}>{time(option)}</legend>
              {yours ? <p className={ui.hint}>{yours}</p> : null}
              {option.room_name ? <p className={ui.hint}>{t('room', { name: option.room_name })}</p> : null}
              <AnswerChoices
                name={`answer-${option.id}`}
                value={answers[option.id]}
                onChange={(value) => setAnswers((current) => ({ ...current, [option.id]: value }))}
                labelOf={(value) => t(`answers.${value}`)}
                className={ui.actions}
                choiceClassName={ui.check}
              />
              <p className={ui.hint}>
                {t('counts', { yes: shown.yes, maybe: shown.if_need_be, no: shown.no })}
              </p>
            </fieldset>
          );
        })}
        {missing ? (
          <p className={ui.error} role="alert">
            {t('chooseOne')}
          </p>
        ) : null}
        {result && 'code' in result ? (
          <p className={ui.error} role="alert">
            {failureText(t, result.code)}
          </p>
        ) : null}
        {result && 'ok' in result ? <p role="status">{t('saved')}</p> : null}
        {open ? (
          <div className={ui.actions}>
            <button type="submit" className={ui.button} disabled={saving} aria-busy={saving || undefined}>
              {saving ? t('saving') : t('save')}
            </button>
          </div>
        ) : null}
      </form>
    </>
  );
}
