import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { FieldError } from '@/components/public/field-error';
import { BlockField } from '@/components/public/form-fields/block-field';
import styles from '@/components/public/form-fields/form-fields.module.css';
import { engineMessages, useFormTexts, useWhen } from '@/components/public/form-fields/form-texts';
import {
  type AnswerError,
  type Answers,
  type AnswerValue,
  type Block,
  type FormDefinition,
  type HiddenValues,
  evaluate,
  nextPage,
  previousPage,
  validateAnswers,
} from '@/lib/forms/engine-visitor';
import { answerErrorMessage } from '@/lib/forms/messages';
import { failureText } from '@/lib/public/public-texts';
import type { PublicForm, SubmitResult } from '../../api/public-form';
import { keepAnswers, readAnswers } from './form-storage';

export interface FormViewProps {
  /** What `form_public` answers (or the builder's draft in the same shape). */
  form: PublicForm;
  definition: FormDefinition;
  /** The hidden blocks' values: the link's query and the page it is on. */
  hidden?: HiddenValues;
  /** The builder's live preview: nothing is sent, kept or reported; «Send» shows the ending. */
  preview?: boolean;
  /** Sends the answers the visitor can see (never called in preview). */
  onSubmit?: (answers: Answers, extra: { consent: boolean; honeypot: string }) => Promise<SubmitResult>;
  /** A page (and, one question at a time, a question) was shown. */
  onProgress?: (pageId: string, blockId?: string) => void;
  /** The heading level of the form's name: 1 on its own page, 2 inside the builder. */
  headingLevel?: 1 | 2;
}

type Ending = { title: string; text: string };

const fieldOf = (blockId: string) => document.getElementById(`felt-${blockId}`);

/**
 * A form as the visitor fills it in: classic (a page at a time) or one question at a time (Enter goes
 * on, Shift+Enter is a new line), «Tilbake», progress, live piping, field errors at the fields with
 * focus on the first, and the ending. The engine decides what shows and what comes next; the server
 * checks the whole again.
 */
export function FormView({
  form,
  definition,
  hidden = {},
  preview = false,
  onSubmit,
  onProgress,
  headingLevel = 1,
}: FormViewProps) {
  const { t, language } = useFormTexts();
  const when = useWhen();
  const [answers, setAnswers] = useState<Answers>(() => (preview ? {} : readAnswers(form.id)));
  const [pageId, setPageId] = useState(definition.pages[0]?.id ?? '');
  const [question, setQuestion] = useState(0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [consent, setConsent] = useState(false);
  const [status, setStatus] = useState<string>();
  const [sending, setSending] = useState(false);
  const [ending, setEnding] = useState<Ending>();
  const [fullOptions, setFullOptions] = useState(
    () =>
      new Set(form.quotas.filter((quota) => quota.remaining <= 0).map((q) => `${q.block_id}:${q.option_id}`)),
  );
  const honeypot = useRef<HTMLInputElement>(null);
  const moved = useRef(false);
  const oneAtATime = form.display_mode === 'one_at_a_time';

  const evaluation = useMemo(() => evaluate(definition, answers, hidden), [definition, answers, hidden]);
  const page = definition.pages.find((candidate) => candidate.id === pageId);
  const visibleIds = new Set(evaluation.visible[pageId] ?? []);
  const blocks = (page?.blocks ?? []).filter((block) => block.kind !== 'hidden' && visibleIds.has(block.id));
  const shownBlocks = oneAtATime ? blocks.slice(question, question + 1) : blocks;
  const hasEmail = blocks.some((block) => block.kind === 'email');
  const showsConsent = Boolean(form.consent_text) && shownBlocks.some((block) => block.kind === 'email');
  const pageNumber = evaluation.path.indexOf(pageId) + 1;
  const Heading = headingLevel === 1 ? 'h1' : 'h2';

  useEffect(() => {
    if (!preview) keepAnswers(form.id, answers);
  }, [preview, form.id, answers]);

  const shownBlockId = oneAtATime ? shownBlocks[0]?.id : undefined;
  useEffect(() => {
    if (!preview && pageId) onProgress?.(pageId, shownBlockId);
  }, [preview, pageId, shownBlockId, onProgress]);

  // After «Neste» or «Tilbake» the first field of what is shown takes the focus (not on first load).
  useEffect(() => {
    if (!moved.current) return;
    const first = shownBlocks.find((block) => block.kind !== 'statement');
    (first ? fieldOf(first.id) : document.getElementById('skjema-steg'))?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the step changes
  }, [pageId, question]);

  const set = (blockId: string, value: AnswerValue | undefined) => {
    setAnswers((old) => {
      const next = { ...old };
      if (value === undefined) delete next[blockId];
      else next[blockId] = value;
      return next;
    });
    setErrors((old) => {
      if (!old[blockId]) return old;
      const { [blockId]: _, ...rest } = old;
      return rest;
    });
  };

  const showErrors = (found: AnswerError[]) => {
    const messages = engineMessages(language);
    const shown: Record<string, string> = {};
    for (const error of found) shown[error.blockId] ??= answerErrorMessage(error, messages);
    setErrors(shown);
    const first = found[0]?.blockId;
    // The page that holds the first refused field comes back (a server's refusal may be elsewhere).
    const holder = definition.pages.find((candidate) => candidate.blocks.some((block) => block.id === first));
    if (holder && holder.id !== pageId && evaluation.path.includes(holder.id)) {
      setPageId(holder.id);
      setQuestion(0);
    }
    requestAnimationFrame(() => (first ? fieldOf(first) : null)?.focus());
  };

  /** The answers the visitor can see now: an answer left on a page off the path is not sent. */
  const answersToSend = () => {
    const visible = new Set(Object.values(evaluation.visible).flat());
    return Object.fromEntries(Object.entries(answers).filter(([blockId]) => visible.has(blockId)));
  };

  const send = async () => {
    if (preview || !onSubmit) {
      setEnding(evaluate(definition, answersToSend(), hidden).ending);
      return;
    }
    setSending(true);
    setStatus(undefined);
    const result = await onSubmit(answersToSend(), {
      consent: hasEmail ? consent : false,
      honeypot: honeypot.current?.value ?? '',
    });
    setSending(false);
    if (result.ok) {
      setEnding(result.ending);
      return;
    }
    if (result.code === 'form-answers-invalid' && result.errors?.length) {
      setStatus(t('errorSummary'));
      showErrors(result.errors);
    } else if (result.code === 'form-quota-full' && result.details) {
      const { block_id: blockId, option_id: optionId } = result.details;
      setFullOptions((old) => new Set(old).add(`${blockId}:${optionId}`));
      setErrors({ [blockId]: failureText(t, 'form-quota-full') });
      setPageId(definition.pages.find((p) => p.blocks.some((block) => block.id === blockId))?.id ?? pageId);
      setQuestion(0);
      requestAnimationFrame(() => fieldOf(blockId)?.focus());
    } else {
      setStatus(failureText(t, result.code));
    }
  };

  const next = (event?: FormEvent) => {
    event?.preventDefault();
    if (sending) return;
    const check = validateAnswers(definition, answers, hidden, { page: pageId });
    const shownIds = new Set(shownBlocks.map((block) => block.id));
    const found = check.ok ? [] : check.errors.filter((error) => !oneAtATime || shownIds.has(error.blockId));
    if (found.length) {
      setStatus(undefined);
      showErrors(found);
      return;
    }
    if (
      showsConsent &&
      Object.keys(answers).some((id) => blocks.find((b) => b.id === id)?.kind === 'email') &&
      !consent
    ) {
      setErrors({ 'samtykke-deltakelse': failureText(t, 'participant-consent-required') });
      requestAnimationFrame(() => document.getElementById('felt-samtykke-deltakelse')?.focus());
      return;
    }
    setErrors({});
    moved.current = true;
    if (oneAtATime && question < blocks.length - 1) {
      setQuestion(question + 1);
      return;
    }
    const following = nextPage(definition, pageId, answers, hidden);
    if (following) {
      setPageId(following);
      setQuestion(0);
    } else void send();
  };

  const back = () => {
    moved.current = true;
    setErrors({});
    setStatus(undefined);
    if (oneAtATime && question > 0) {
      setQuestion(question - 1);
      return;
    }
    const earlier = previousPage(definition, pageId, answers, hidden);
    if (!earlier) return;
    setPageId(earlier);
    const earlierVisible = (evaluation.visible[earlier] ?? []).filter(
      (id) =>
        definition.pages.find((p) => p.id === earlier)?.blocks.find((b) => b.id === id)?.kind !== 'hidden',
    );
    setQuestion(oneAtATime ? Math.max(0, earlierVisible.length - 1) : 0);
  };

  if (!preview && form.status !== 'open') {
    return (
      <section className={styles.panel} aria-labelledby="skjema-navn">
        <Heading id="skjema-navn" className={styles.title}>
          {form.name}
        </Heading>
        <p role="status">
          {form.closed_message ??
            (form.status === 'scheduled' && form.opens_at
              ? t('status.scheduled', { when: when(form.opens_at) })
              : t('status.closed'))}
        </p>
      </section>
    );
  }

  if (ending) {
    return (
      <section className={styles.panel} aria-labelledby="skjema-slutt" data-ending="">
        <Heading id="skjema-slutt" className={styles.title} tabIndex={-1} ref={(node) => node?.focus()}>
          {ending.title}
        </Heading>
        {ending.text ? <p className={styles.text}>{ending.text}</p> : null}
      </section>
    );
  }

  const isFirst = pageNumber <= 1 && question === 0;
  const isLast =
    (!oneAtATime || question >= blocks.length - 1) && nextPage(definition, pageId, answers, hidden) === null;
  return (
    <form className={styles.panel} onSubmit={next} noValidate aria-labelledby="skjema-navn">
      <Heading id="skjema-navn" className={styles.title}>
        {form.name}
      </Heading>
      {preview ? <p className={styles.hint}>{t('preview')}</p> : null}
      <p id="skjema-steg" className={styles.progress} tabIndex={-1}>
        {evaluation.path.length > 1
          ? t('progress', { page: pageNumber, pages: evaluation.path.length })
          : null}
        {oneAtATime && blocks.length > 1
          ? ` ${t('questionProgress', { question: question + 1, questions: blocks.length })}`
          : null}
      </p>
      {evaluation.path.length > 1 ? (
        <progress className={styles.bar} max={evaluation.path.length} value={pageNumber} aria-hidden="true" />
      ) : null}
      {oneAtATime ? <p className={styles.hint}>{t('enterHint')}</p> : null}
      <div className={styles.blocks}>
        {shownBlocks.map((block: Block) => (
          <BlockField
            key={block.id}
            block={block}
            texts={evaluation.texts[block.id]}
            value={answers[block.id]}
            error={errors[block.id]}
            onChange={(value) => set(block.id, value)}
            fullOptions={
              new Set(
                [...fullOptions]
                  .filter((key) => key.startsWith(`${block.id}:`))
                  .map((key) => key.split(':')[1]!),
              )
            }
            formId={form.id}
            marketingText={form.marketing_consent_text}
            preview={preview}
            onEnter={oneAtATime ? () => next() : undefined}
          />
        ))}
        {showsConsent ? (
          <div className={styles.field}>
            <label className={styles.check}>
              <input
                type="checkbox"
                id="felt-samtykke-deltakelse"
                checked={consent}
                aria-invalid={errors['samtykke-deltakelse'] ? true : undefined}
                aria-describedby={
                  errors['samtykke-deltakelse'] ? 'felt-samtykke-deltakelse-error' : undefined
                }
                onKeyDown={(event) => {
                  if (event.key === 'Enter' && oneAtATime) next(event);
                }}
                onChange={(event) => {
                  setConsent(event.target.checked);
                  setErrors(({ 'samtykke-deltakelse': _, ...rest }) => rest);
                }}
              />
              <span>{form.consent_text}</span>
            </label>
            <FieldError fieldId="felt-samtykke-deltakelse" text={errors['samtykke-deltakelse']} />
          </div>
        ) : null}
      </div>
      <input
        ref={honeypot}
        className={styles.honeypot}
        name="website"
        tabIndex={-1}
        autoComplete="off"
        aria-hidden="true"
      />
      {status ? (
        <p className={styles.error} role="alert">
          {status}
        </p>
      ) : null}
      <div className={styles.actions}>
        {!isFirst ? (
          <button type="button" className={styles.secondary} onClick={back}>
            {t('back')}
          </button>
        ) : null}
        <button type="submit" className={styles.button} disabled={sending}>
          {sending ? t('sending') : isLast ? t('send') : t('next')}
        </button>
      </div>
    </form>
  );
}
