import { useState, type KeyboardEvent } from 'react';
import { FieldError } from '@/components/public/field-error';
import {
  type AnswerValue,
  type Block,
  type ChoiceAnswer,
  type ChoiceBlock,
  type PipedTexts,
  OTHER_CHOICE,
  DEFAULT_RATING_MAX,
} from '@/lib/forms/engine-visitor';
import { describedBy } from '@/lib/public/described-by';
import { FileField } from './file-field';
import styles from './form-fields.module.css';
import { useFormTexts } from './form-texts';

export interface BlockFieldProps {
  block: Block;
  /** The block's piped texts (label, help, placeholder, heading, text). */
  texts: PipedTexts | undefined;
  value: AnswerValue | undefined;
  error: string | undefined;
  onChange: (value: AnswerValue | undefined) => void;
  /** Options of this block whose quota is taken. */
  fullOptions: Set<string>;
  formId: string;
  /** The campaign's marketing text: a marketing consent block shows these words (they are stored). */
  marketingText: string | null;
  preview: boolean;
  /** One question at a time: Enter goes on (Shift+Enter is a new line in long text). */
  onEnter?: () => void;
}

const fieldId = (block: Block) => `felt-${block.id}`;

/** One question at a time, Enter goes on (not Shift+Enter in long text: a new line). */
const enterGoesOn = (onEnter: (() => void) | undefined) => (event: KeyboardEvent<HTMLElement>) => {
  if (event.key !== 'Enter' || !onEnter) return;
  if (event.currentTarget instanceof HTMLTextAreaElement && event.shiftKey) return;
  event.preventDefault();
  onEnter();
};

/** `yyyy-mm-dd` ↔ `dd.mm.yyyy`: the visitor writes the Norwegian form. */
const toNorwegianDate = (iso: string) => iso.split('-').reverse().join('.');
function fromNorwegianDate(text: string): string {
  const parts = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(text.trim());
  return parts ? `${parts[3]}-${parts[2]!.padStart(2, '0')}-${parts[1]!.padStart(2, '0')}` : text.trim();
}

function Label({ id, text, required }: { id: string; text: string; required: boolean }) {
  const { t } = useFormTexts();
  return (
    <label className={styles.label} htmlFor={id}>
      {text} {required ? <span className={styles.muted}>{t('required')}</span> : null}
    </label>
  );
}

/** One block of a form, accessibly: its label, help as a description, its error at the field. */
export function BlockField(props: BlockFieldProps) {
  const { block, texts, value, error, onChange, onEnter } = props;
  const { t } = useFormTexts();
  if (block.kind === 'hidden') return null;
  if (block.kind === 'statement') {
    return (
      <div className={styles.statement}>
        {texts?.heading ? <h2 className={styles.heading}>{texts.heading}</h2> : null}
        {texts?.text ? <p className={styles.text}>{texts.text}</p> : null}
      </div>
    );
  }
  const id = fieldId(block);
  const helpId = texts?.help ? `${id}-help` : undefined;
  const described = describedBy(id, error, helpId);
  const label = texts?.label ?? block.label;
  const required = Boolean(block.required);
  const help = texts?.help ? (
    <p id={helpId} className={styles.hint}>
      {texts.help}
    </p>
  ) : null;
  const enter = enterGoesOn(onEnter);
  const inputProps = {
    id,
    className: styles.input,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': described,
    'aria-required': required || undefined,
    onKeyDown: enter,
  };

  switch (block.kind) {
    case 'short_text':
    case 'email':
    case 'phone':
    case 'number':
    case 'long_text': {
      const common = {
        ...inputProps,
        placeholder: texts?.placeholder,
        onChange: (event: { target: { value: string } }) => onChange(event.target.value),
      };
      const text = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
      return (
        <div className={styles.field}>
          <Label id={id} text={label} required={required} />
          {help}
          {block.kind === 'long_text' ? (
            <textarea {...common} rows={5} value={text} />
          ) : (
            <input
              {...common}
              type={block.kind === 'email' ? 'email' : block.kind === 'phone' ? 'tel' : 'text'}
              inputMode={block.kind === 'number' ? 'decimal' : undefined}
              autoComplete={block.kind === 'email' ? 'email' : block.kind === 'phone' ? 'tel' : undefined}
              value={text}
            />
          )}
          <FieldError fieldId={id} text={error} />
        </div>
      );
    }
    case 'date':
      return <DateField {...props} id={id} label={label} help={help} described={described} />;
    case 'dropdown':
      return <DropdownField {...props} id={id} label={label} help={help} described={described} />;
    case 'single_choice':
    case 'multiple_choice':
      return <ChoiceField {...props} block={block} id={id} label={label} helpId={helpId} />;
    case 'rating':
    case 'nps': {
      const [min, max] = block.kind === 'nps' ? [0, 10] : [1, block.max ?? DEFAULT_RATING_MAX];
      const steps = Array.from({ length: max - min + 1 }, (_, index) => min + index);
      return (
        <fieldset
          className={styles.fieldset}
          aria-describedby={describedBy(id, error, helpId)}
          aria-invalid={error ? true : undefined}
        >
          <legend className={styles.label}>
            {label} {required ? <span className={styles.muted}>{t('required')}</span> : null}
          </legend>
          {help}
          {block.kind === 'nps' ? (
            <p className={styles.hint}>
              {t('nps.low')} · {t('nps.high')}
            </p>
          ) : null}
          <div className={styles.scale} role="radiogroup" aria-label={label}>
            {steps.map((step) => (
              <label key={step} className={styles.scaleStep}>
                <input
                  type="radio"
                  name={id}
                  id={step === min ? id : undefined}
                  value={step}
                  checked={value === step}
                  onChange={() => onChange(step)}
                  onKeyDown={enter}
                  aria-label={block.kind === 'rating' ? t('rating', { value: step, max }) : undefined}
                />
                <span aria-hidden={block.kind === 'rating' ? true : undefined}>{step}</span>
              </label>
            ))}
          </div>
          <FieldError fieldId={id} text={error} />
        </fieldset>
      );
    }
    case 'consent': {
      const text = (block.consent === 'marketing' && props.marketingText) || label;
      return (
        <div className={styles.field}>
          <label className={styles.check}>
            <input
              type="checkbox"
              id={id}
              checked={value === true}
              aria-invalid={error ? true : undefined}
              aria-describedby={described}
              onChange={(event) => onChange(event.target.checked)}
            />
            <span>
              {text} {required ? <span className={styles.muted}>{t('required')}</span> : null}
            </span>
          </label>
          {help}
          <FieldError fieldId={id} text={error} />
        </div>
      );
    }
    case 'file':
      return (
        <FileField
          {...props}
          block={block}
          id={id}
          label={label}
          help={help}
          described={described}
          required={required}
        />
      );
  }
}

type WithIds = BlockFieldProps & { id: string; label: string; help: React.ReactNode; described?: string };

function DateField({ id, label, help, described, value, error, onChange, onEnter, block }: WithIds) {
  const { t } = useFormTexts();
  const [typed, setTyped] = useState(() =>
    typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? toNorwegianDate(value) : '',
  );
  const hintId = `${id}-format`;
  return (
    <div className={styles.field}>
      <Label id={id} text={label} required={Boolean('required' in block && block.required)} />
      {help}
      <p id={hintId} className={styles.hint}>
        {t('date.hint')}
      </p>
      <input
        id={id}
        className={`${styles.input} ${styles.short}`}
        inputMode="numeric"
        autoComplete="off"
        placeholder="dd.mm.åååå"
        value={typed}
        aria-invalid={error ? true : undefined}
        aria-describedby={[described, hintId].filter(Boolean).join(' ')}
        onChange={(event) => {
          setTyped(event.target.value);
          onChange(event.target.value.trim() ? fromNorwegianDate(event.target.value) : undefined);
        }}
        onKeyDown={enterGoesOn(onEnter)}
      />
      <FieldError fieldId={id} text={error} />
    </div>
  );
}

const choicesOf = (value: AnswerValue | undefined): ChoiceAnswer =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? value : { choices: [] };

function DropdownField({
  id,
  label,
  help,
  described,
  value,
  error,
  onChange,
  onEnter,
  block,
  fullOptions,
}: WithIds) {
  const { t } = useFormTexts();
  const choice = block as ChoiceBlock;
  const picked = choicesOf(value);
  return (
    <div className={styles.field}>
      <Label id={id} text={label} required={Boolean(choice.required)} />
      {help}
      <select
        id={id}
        className={styles.input}
        value={picked.choices[0] ?? ''}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        onChange={(event) =>
          onChange(event.target.value ? { ...picked, choices: [event.target.value] } : undefined)
        }
        onKeyDown={enterGoesOn(onEnter)}
      >
        <option value="">{t('choose')}</option>
        {choice.options.map((option) => (
          <option key={option.id} value={option.id} disabled={fullOptions.has(option.id)}>
            {fullOptions.has(option.id) ? t('full', { label: option.label }) : option.label}
          </option>
        ))}
        {choice.other ? <option value={OTHER_CHOICE}>{t('other')}</option> : null}
      </select>
      {picked.choices.includes(OTHER_CHOICE) ? (
        <OtherText id={id} picked={picked} onChange={onChange} />
      ) : null}
      <FieldError fieldId={id} text={error} />
    </div>
  );
}

function OtherText({
  id,
  picked,
  onChange,
}: {
  id: string;
  picked: ChoiceAnswer;
  onChange: (value: AnswerValue) => void;
}) {
  const { t } = useFormTexts();
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={`${id}-other`}>
        {t('otherText')}
      </label>
      <input
        id={`${id}-other`}
        className={styles.input}
        value={picked.other ?? ''}
        maxLength={500}
        onChange={(event) => onChange({ ...picked, other: event.target.value })}
      />
    </div>
  );
}

function ChoiceField({
  id,
  label,
  helpId,
  block,
  value,
  error,
  onChange,
  onEnter,
  fullOptions,
  texts,
}: BlockFieldProps & { block: ChoiceBlock; id: string; label: string; helpId?: string }) {
  const { t } = useFormTexts();
  const picked = choicesOf(value);
  const multiple = block.kind === 'multiple_choice';
  const options = [
    ...block.options.map((option) => ({ id: option.id, label: option.label })),
    ...(block.other ? [{ id: OTHER_CHOICE, label: t('other') }] : []),
  ];
  const toggle = (optionId: string, on: boolean) => {
    const choices = multiple
      ? on
        ? [...picked.choices, optionId]
        : picked.choices.filter((choice) => choice !== optionId)
      : [optionId];
    onChange(choices.length ? { ...picked, choices } : undefined);
  };
  return (
    <fieldset
      className={styles.fieldset}
      aria-describedby={describedBy(id, error, helpId)}
      aria-invalid={error ? true : undefined}
    >
      <legend className={styles.label}>
        {label} {block.required ? <span className={styles.muted}>{t('required')}</span> : null}
      </legend>
      {texts?.help ? (
        <p id={helpId} className={styles.hint}>
          {texts.help}
        </p>
      ) : null}
      {options.map((option, index) => {
        const full = fullOptions.has(option.id);
        return (
          <label key={option.id} className={styles.check}>
            <input
              type={multiple ? 'checkbox' : 'radio'}
              name={id}
              id={index === 0 ? id : undefined}
              value={option.id}
              checked={picked.choices.includes(option.id)}
              disabled={full}
              onChange={(event) => toggle(option.id, event.target.checked)}
              onKeyDown={enterGoesOn(onEnter)}
            />
            <span>{full ? t('full', { label: option.label }) : option.label}</span>
          </label>
        );
      })}
      {picked.choices.includes(OTHER_CHOICE) ? (
        <OtherText id={id} picked={picked} onChange={onChange} />
      ) : null}
      <FieldError fieldId={id} text={error} />
    </fieldset>
  );
}
