import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { Input } from '@/components/input';
import { Menu, MenuItem } from '@/components/menu';
import layout from '@/components/page.module.css';
import type { Trigger } from '@/popup-snippet/rules/types';
import { describeTriggers } from '../../utils/describe-rules';
import { MAX_TRIGGERS } from '../../utils/popup-draft';
import styles from './popup-editor.module.css';
import type { SectionProps } from './section-props';
import { WholeNumberInput } from './whole-number-input';

const KINDS: Trigger['kind'][] = [
  'delay',
  'scroll',
  'exit_intent',
  'inactivity',
  'click',
  'page_views',
  'sessions',
];

const NEW_TRIGGER: Record<Trigger['kind'], Trigger> = {
  delay: { kind: 'delay', seconds: 8 },
  scroll: { kind: 'scroll', percent: 50 },
  exit_intent: { kind: 'exit_intent' },
  inactivity: { kind: 'inactivity', seconds: 30 },
  click: { kind: 'click', selector: '' },
  page_views: { kind: 'page_views', count: 3 },
  sessions: { kind: 'sessions', count: 2 },
};

/** «Utløsere»: any of them shows the popup; each with its one value and what it means. */
export function TriggersSection({ draft, change, errorOf }: SectionProps) {
  const { t, i18n } = useTranslation('popups-editor');
  const setTriggers = (next: Trigger[]) => change((previous) => ({ ...previous, triggers: next }));
  const replace = (index: number, next: Trigger) =>
    setTriggers(draft.triggers.map((trigger, at) => (at === index ? next : trigger)));

  const field = (trigger: Trigger, index: number) => {
    const error = errorOf(`triggers.${index}`);
    const number = (
      value: number,
      label: string,
      hint: string,
      max: number,
      set: (value: number) => Trigger,
    ) => (
      <WholeNumberInput
        min={1}
        max={max}
        label={label}
        hint={hint}
        value={value}
        error={error}
        onChange={(next) => replace(index, set(next))}
      />
    );
    switch (trigger.kind) {
      case 'delay':
        return number(trigger.seconds, t('triggers.seconds'), t('triggers.help.delay'), 3600, (seconds) => ({
          kind: 'delay',
          seconds,
        }));
      case 'inactivity':
        return number(
          trigger.seconds,
          t('triggers.seconds'),
          t('triggers.help.inactivity'),
          3600,
          (seconds) => ({
            kind: 'inactivity',
            seconds,
          }),
        );
      case 'scroll':
        return number(trigger.percent, t('triggers.percent'), t('triggers.help.scroll'), 100, (percent) => ({
          kind: 'scroll',
          percent,
        }));
      case 'page_views':
        return number(trigger.count, t('triggers.count'), t('triggers.help.page_views'), 100, (count) => ({
          kind: 'page_views',
          count,
        }));
      case 'sessions':
        return number(trigger.count, t('triggers.count'), t('triggers.help.sessions'), 100, (count) => ({
          kind: 'sessions',
          count,
        }));
      case 'click':
        return (
          <Input
            label={t('triggers.selector')}
            hint={t('triggers.help.click')}
            maxLength={200}
            value={trigger.selector}
            error={error}
            onChange={(event) => replace(index, { kind: 'click', selector: event.target.value })}
          />
        );
      case 'exit_intent':
        return <p className={layout.muted}>{t('triggers.help.exit_intent')}</p>;
    }
  };

  return (
    <div className={styles.column}>
      <p className={styles.sentence} role="status">
        {describeTriggers(draft.triggers, i18n.language)}
      </p>
      <p className={layout.muted}>{t('triggers.intro')}</p>
      <ol className={styles.list} aria-label={t('triggers.list')}>
        {draft.triggers.map((trigger, index) => (
          <li key={index} className={styles.row} aria-label={t('triggers.item', { number: index + 1 })}>
            <strong>{t(`triggers.kinds.${trigger.kind}`)}</strong>
            {field(trigger, index)}
            <div className={layout.actions}>
              <Button
                variant="ghost"
                size="sm"
                onClick={() => setTriggers(draft.triggers.filter((_, at) => at !== index))}
              >
                {t('triggers.remove', { name: t(`triggers.kinds.${trigger.kind}`) })}
              </Button>
            </div>
          </li>
        ))}
      </ol>
      {errorOf('triggers') ? <p className={layout.muted}>{errorOf('triggers')}</p> : null}
      {draft.triggers.length < MAX_TRIGGERS ? (
        <div className={layout.actions}>
          <Menu label={t('triggers.add')} trigger="button">
            {KINDS.map((kind) => (
              <MenuItem key={kind} onSelect={() => setTriggers([...draft.triggers, NEW_TRIGGER[kind]])}>
                {t(`triggers.kinds.${kind}`)}
              </MenuItem>
            ))}
          </Menu>
        </div>
      ) : (
        <p className={layout.muted}>{t('triggers.full', { max: MAX_TRIGGERS })}</p>
      )}
    </div>
  );
}
