import { Plus, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button, IconButton } from '@/components/button';
import { Input } from '@/components/input';
import { NativeSelect } from '@/components/native-select';
import { Textarea } from '@/components/textarea';
import { isChoiceBlock, type Block, type ChoiceOption, type ConsentKind } from '@/lib/forms/engine';
import { newId } from '../utils/items';
import styles from './forms.module.css';
import { NumberSetting } from './number-setting';

const CONSENT_KINDS: ConsentKind[] = ['marketing', 'sharing', 'participation'];

export type BlockChange = (patch: Partial<Block>, field: string) => void;

function Check({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (value: boolean) => void;
}) {
  return (
    <label className={styles.checkbox}>
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      <span>{label}</span>
    </label>
  );
}

/** A choice block's options: label and points each, added, removed; «Annet» and the number of picks. */
function OptionsEditor({
  block,
  onChange,
}: {
  block: Extract<Block, { options: ChoiceOption[] }>;
  onChange: BlockChange;
}) {
  const { t } = useTranslation('forms');
  const setOptions = (options: ChoiceOption[], field: string) => onChange({ options }, field);
  return (
    <fieldset className={styles.fieldset}>
      <legend>{t('builder.fields.options')}</legend>
      {block.options.map((option, index) => (
        <div key={option.id} className={styles.inline}>
          <Input
            label={t('builder.fields.option', { number: index + 1 })}
            value={option.label}
            onChange={(event) =>
              setOptions(
                block.options.map((each) =>
                  each.id === option.id ? { ...each, label: event.target.value } : each,
                ),
                `option:${option.id}`,
              )
            }
          />
          <NumberSetting
            label={t('builder.fields.points', { number: index + 1 })}
            value={option.points}
            onChange={(points) =>
              setOptions(
                block.options.map((each) => (each.id === option.id ? { ...each, points } : each)),
                `points:${option.id}`,
              )
            }
          />
          <IconButton
            label={t('builder.fields.removeOption', { number: index + 1 })}
            icon={<Trash2 aria-hidden="true" />}
            onClick={() =>
              setOptions(
                block.options.filter((each) => each.id !== option.id),
                'options',
              )
            }
          />
        </div>
      ))}
      <div>
        <Button
          variant="secondary"
          size="sm"
          onClick={() =>
            setOptions(
              [
                ...block.options,
                { id: newId('o'), label: t('builder.fields.option', { number: block.options.length + 1 }) },
              ],
              'options',
            )
          }
        >
          <Plus aria-hidden="true" />
          {t('builder.fields.addOption')}
        </Button>
      </div>
      <Check
        label={t('builder.fields.other')}
        checked={Boolean(block.other)}
        onChange={(other) => onChange({ other }, 'other')}
      />
      {block.kind === 'multiple_choice' ? (
        <div className={styles.inline}>
          <NumberSetting
            label={t('builder.fields.minChoices')}
            value={block.minChoices}
            onChange={(minChoices) => onChange({ minChoices }, 'minChoices')}
          />
          <NumberSetting
            label={t('builder.fields.maxChoices')}
            value={block.maxChoices}
            onChange={(maxChoices) => onChange({ maxChoices }, 'maxChoices')}
          />
        </div>
      ) : null}
    </fieldset>
  );
}

/** The kind's own settings, below the common ones. */
function KindSettings({ block, onChange }: { block: Block; onChange: BlockChange }) {
  const { t } = useTranslation('forms');
  if (isChoiceBlock(block)) return <OptionsEditor block={block} onChange={onChange} />;
  switch (block.kind) {
    case 'short_text':
    case 'long_text':
      return (
        <NumberSetting
          label={t('builder.fields.maxLength')}
          value={block.maxLength}
          onChange={(maxLength) => onChange({ maxLength }, 'maxLength')}
        />
      );
    case 'number':
      return (
        <>
          <div className={styles.inline}>
            <NumberSetting
              label={t('builder.fields.min')}
              value={block.min}
              onChange={(min) => onChange({ min }, 'min')}
            />
            <NumberSetting
              label={t('builder.fields.max')}
              value={block.max}
              onChange={(max) => onChange({ max }, 'max')}
            />
            <NumberSetting
              label={t('builder.fields.weight')}
              value={block.weight}
              onChange={(weight) => onChange({ weight }, 'weight')}
            />
          </div>
          <Check
            label={t('builder.fields.decimals')}
            checked={Boolean(block.decimals)}
            onChange={(decimals) => onChange({ decimals }, 'decimals')}
          />
        </>
      );
    case 'rating':
    case 'nps':
      return (
        <div className={styles.inline}>
          {block.kind === 'rating' ? (
            <NumberSetting
              label={t('builder.fields.scale')}
              value={block.max}
              onChange={(max) => onChange({ max }, 'max')}
            />
          ) : null}
          <NumberSetting
            label={t('builder.fields.weight')}
            value={block.weight}
            onChange={(weight) => onChange({ weight }, 'weight')}
          />
        </div>
      );
    case 'date':
      return (
        <div className={styles.inline}>
          <Input
            type="date"
            label={t('builder.fields.dateMin')}
            value={block.min ?? ''}
            onChange={(event) => onChange({ min: event.target.value || undefined }, 'min')}
          />
          <Input
            type="date"
            label={t('builder.fields.dateMax')}
            value={block.max ?? ''}
            onChange={(event) => onChange({ max: event.target.value || undefined }, 'max')}
          />
        </div>
      );
    case 'file':
      return (
        <NumberSetting
          label={t('builder.fields.maxFiles')}
          value={block.maxFiles}
          onChange={(maxFiles) => onChange({ maxFiles }, 'maxFiles')}
        />
      );
    case 'consent':
      return (
        <NativeSelect
          label={t('builder.fields.consent')}
          value={block.consent}
          onChange={(event) =>
            onChange(
              { consent: CONSENT_KINDS.find((kind) => kind === event.target.value) ?? 'marketing' },
              'consent',
            )
          }
          options={CONSENT_KINDS.map((kind) => ({
            value: kind,
            label: t(`builder.fields.consentKinds.${kind}`),
          }))}
        />
      );
    default:
      return null;
  }
}

/** One block's settings: the texts every answerable block has, then its kind's own. */
export function BlockEditor({ block, onChange }: { block: Block; onChange: BlockChange }) {
  const { t } = useTranslation('forms');
  if (block.kind === 'statement') {
    return (
      <>
        <Input
          label={t('builder.fields.heading')}
          value={block.heading ?? ''}
          onChange={(event) => onChange({ heading: event.target.value }, 'heading')}
        />
        <Textarea
          label={t('builder.fields.text')}
          rows={3}
          value={block.text ?? ''}
          onChange={(event) => onChange({ text: event.target.value }, 'text')}
        />
      </>
    );
  }
  if (block.kind === 'hidden') {
    return (
      <div className={styles.inline}>
        <Input
          label={t('builder.fields.key')}
          value={block.key}
          onChange={(event) => onChange({ key: event.target.value }, 'key')}
        />
        <Input
          label={t('builder.fields.source')}
          hint={t('builder.fields.sourceHint')}
          value={block.source}
          onChange={(event) => onChange({ source: event.target.value }, 'source')}
        />
      </div>
    );
  }
  const typing =
    block.kind !== 'consent' &&
    block.kind !== 'rating' &&
    block.kind !== 'nps' &&
    block.kind !== 'file' &&
    block.kind !== 'date' &&
    !isChoiceBlock(block);
  return (
    <>
      <Input
        label={t('builder.fields.label')}
        value={block.label}
        onChange={(event) => onChange({ label: event.target.value }, 'label')}
      />
      <Input
        label={t('builder.fields.help')}
        value={block.help ?? ''}
        onChange={(event) => onChange({ help: event.target.value || undefined }, 'help')}
      />
      {typing ? (
        <Input
          label={t('builder.fields.placeholder')}
          value={(block as { placeholder?: string }).placeholder ?? ''}
          onChange={(event) => onChange({ placeholder: event.target.value || undefined }, 'placeholder')}
        />
      ) : null}
      <Input
        label={t('builder.fields.key')}
        hint={t('builder.fields.keyHint')}
        value={block.key}
        onChange={(event) => onChange({ key: event.target.value }, 'key')}
      />
      <Check
        label={t('builder.fields.required')}
        checked={Boolean(block.required)}
        onChange={(required) => onChange({ required }, 'required')}
      />
      <Check
        label={t('builder.fields.hiddenStart')}
        checked={Boolean(block.hidden)}
        onChange={(hidden) => onChange({ hidden }, 'hidden')}
      />
      <KindSettings block={block} onChange={onChange} />
    </>
  );
}
