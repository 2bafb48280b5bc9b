import { Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { IconButton } from '@/components/button';
import { Input } from '@/components/input';
import { NativeSelect } from '@/components/native-select';
import { isChoiceBlock, OPERATORS, type Block, type Condition, type Operator } from '@/lib/forms/engine';
import { blockName } from '../utils/block-name';
import { readNumber } from '../utils/read-number';
import styles from './forms.module.css';

const SCORE = '__score';
const NUMERIC = new Set(['number', 'rating', 'nps']);

/**
 * One condition: the block (or the score), an operator that fits its kind, and a value — an option
 * for choices, a number for numbers, a date for dates, text otherwise; none for «er besvart».
 */
export function ConditionEditor({
  condition,
  number,
  blocks,
  allowScore,
  onChange,
  onRemove,
}: {
  condition: Condition;
  number: number;
  blocks: Block[];
  allowScore: boolean;
  onChange: (condition: Condition) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('forms');
  const subject = 'score' in condition ? SCORE : condition.block;
  const block = blocks.find((each) => each.id === subject);
  const operators: Operator[] =
    subject === SCORE ? OPERATORS.score : block && block.kind !== 'statement' ? OPERATORS[block.kind] : [];
  const needsValue = condition.operator !== 'is_answered' && condition.operator !== 'is_not_answered';

  const pickSubject = (value: string) => {
    if (value === SCORE) return onChange({ score: true, operator: 'greater_than', value: 0 });
    const next = blocks.find((each) => each.id === value);
    const operator =
      next && next.kind !== 'statement' ? (OPERATORS[next.kind][0] ?? 'is_answered') : 'is_answered';
    onChange({ block: value, operator });
  };
  const setValue = (value: string | number | undefined) => onChange({ ...condition, value } as Condition);

  let valueField = null;
  if (needsValue && block && isChoiceBlock(block)) {
    valueField = (
      <NativeSelect
        label={t('logic.value')}
        value={String(condition.value ?? '')}
        onChange={(event) => setValue(event.target.value)}
        options={[
          { value: '', label: '–', disabled: true },
          ...block.options.map((option) => ({ value: option.id, label: option.label })),
        ]}
      />
    );
  } else if (needsValue && (subject === SCORE || (block && NUMERIC.has(block.kind)))) {
    valueField = (
      <Input
        label={t('logic.value')}
        inputMode="decimal"
        defaultValue={condition.value === undefined ? '' : String(condition.value).replace('.', ',')}
        onChange={(event) => setValue(readNumber(event.target.value) ?? undefined)}
      />
    );
  } else if (needsValue) {
    valueField = (
      <Input
        label={t('logic.value')}
        type={block?.kind === 'date' ? 'date' : 'text'}
        value={String(condition.value ?? '')}
        onChange={(event) => setValue(event.target.value)}
      />
    );
  }

  return (
    <fieldset className={styles.fieldset}>
      <legend>{t('logic.condition', { number })}</legend>
      <div className={styles.inline}>
        <NativeSelect
          label={t('logic.subject')}
          value={subject}
          onChange={(event) => pickSubject(event.target.value)}
          options={[
            ...blocks
              .filter((each) => each.kind !== 'statement')
              .map((each) => ({ value: each.id, label: blockName(each, t('builder.untitled')) })),
            ...(allowScore ? [{ value: SCORE, label: t('logic.score') }] : []),
          ]}
        />
        <NativeSelect
          label={t('logic.operator')}
          value={condition.operator}
          onChange={(event) =>
            onChange({
              ...condition,
              operator: operators.find((each) => each === event.target.value) ?? condition.operator,
            })
          }
          options={operators.map((operator) => ({
            value: operator,
            label: t(`logic.operators.${operator}`),
          }))}
        />
        {valueField}
        <IconButton
          label={t('logic.removeCondition', { number })}
          icon={<Trash2 aria-hidden="true" />}
          onClick={onRemove}
        />
      </div>
    </fieldset>
  );
}
