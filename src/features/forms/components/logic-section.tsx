import { Plus, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { Input } from '@/components/input';
import { NativeSelect } from '@/components/native-select';
import { Textarea } from '@/components/textarea';
import type {
  Block,
  Condition,
  ConditionGroup,
  Ending,
  FormDefinition,
  Join,
  Rule,
} from '@/lib/forms/engine';
import { blockName } from '../utils/block-name';
import type { BuilderAction } from '../utils/builder-reducer';
import { newId } from '../utils/items';
import { ConditionEditor } from './condition-editor';
import styles from './forms.module.css';

type Dispatch = (action: BuilderAction) => void;
const ACTIONS = ['show', 'hide', 'jump', 'end'] as const;
const JOINS: Join[] = ['and', 'or'];

/** A rule of `action` kept as close to `rule` as the new action allows. */
function withAction(rule: Rule, action: Rule['action'], definition: FormDefinition): Rule {
  const base = { id: rule.id, when: rule.when };
  const firstPage = definition.pages[0]?.id ?? '';
  const page = 'page' in rule ? rule.page : firstPage;
  if (action === 'show' || action === 'hide')
    return { ...base, action, block: 'block' in rule ? rule.block : '' };
  if (action === 'jump') return { ...base, action, page, to: definition.pages.at(-1)?.id ?? '' };
  return { ...base, action, page, ending: definition.defaultEnding };
}

function RuleEditor({
  rule,
  number,
  definition,
  onChange,
  onRemove,
}: {
  rule: Rule;
  number: number;
  definition: FormDefinition;
  onChange: (rule: Rule) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('forms');
  const blocks: Block[] = definition.pages.flatMap((page) => page.blocks);
  const pages = definition.pages.map((page, index) => ({
    value: page.id,
    label: t('builder.page', { number: index + 1 }),
  }));
  const setGroup = (index: number, group: ConditionGroup) =>
    onChange({
      ...rule,
      when: { ...rule.when, groups: rule.when.groups.map((each, at) => (at === index ? group : each)) },
    });
  const firstBlock = blocks.find((block) => block.kind !== 'statement');
  const newCondition = (): Condition => ({ block: firstBlock?.id ?? '', operator: 'is_answered' });

  return (
    <fieldset className={styles.fieldset}>
      <legend>{t('logic.rule', { number })}</legend>
      <div className={styles.inline}>
        <NativeSelect
          label={t('logic.action')}
          value={rule.action}
          onChange={(event) =>
            onChange(
              withAction(rule, ACTIONS.find((each) => each === event.target.value) ?? 'show', definition),
            )
          }
          options={ACTIONS.map((action) => ({ value: action, label: t(`logic.actions.${action}`) }))}
        />
        {rule.action === 'show' || rule.action === 'hide' ? (
          <NativeSelect
            label={t('logic.target')}
            value={rule.block}
            onChange={(event) => onChange({ ...rule, block: event.target.value })}
            options={[
              { value: '', label: '–', disabled: true },
              ...blocks.map((block) => ({ value: block.id, label: blockName(block, t('builder.untitled')) })),
            ]}
          />
        ) : (
          <NativeSelect
            label={t('logic.fromPage')}
            value={'page' in rule ? rule.page : ''}
            onChange={(event) => onChange({ ...rule, page: event.target.value } as Rule)}
            options={pages}
          />
        )}
        {rule.action === 'jump' ? (
          <NativeSelect
            label={t('logic.toPage')}
            value={rule.to}
            onChange={(event) => onChange({ ...rule, to: event.target.value })}
            options={pages}
          />
        ) : null}
        {rule.action === 'end' ? (
          <NativeSelect
            label={t('logic.ending')}
            value={rule.ending}
            onChange={(event) => onChange({ ...rule, ending: event.target.value })}
            options={definition.endings.map((ending) => ({ value: ending.id, label: ending.title }))}
          />
        ) : null}
      </div>
      <NativeSelect
        label={t('logic.groupJoin')}
        value={rule.when.join}
        onChange={(event) =>
          onChange({ ...rule, when: { ...rule.when, join: event.target.value === 'or' ? 'or' : 'and' } })
        }
        options={JOINS.map((join) => ({ value: join, label: t(`logic.join.${join}`) }))}
      />
      {rule.when.groups.length === 0 ? <p>{t('logic.always')}</p> : null}
      {rule.when.groups.map((group, groupIndex) => (
        <fieldset key={groupIndex} className={styles.fieldset}>
          <legend>{t('logic.group', { number: groupIndex + 1 })}</legend>
          <NativeSelect
            label={t('logic.conditionJoin')}
            value={group.join}
            onChange={(event) =>
              setGroup(groupIndex, { ...group, join: event.target.value === 'or' ? 'or' : 'and' })
            }
            options={JOINS.map((join) => ({ value: join, label: t(`logic.join.${join}`) }))}
          />
          {group.conditions.map((condition, index) => (
            <ConditionEditor
              key={index}
              number={index + 1}
              condition={condition}
              blocks={blocks}
              allowScore={rule.action === 'jump' || rule.action === 'end'}
              onChange={(next) =>
                setGroup(groupIndex, {
                  ...group,
                  conditions: group.conditions.map((each, at) => (at === index ? next : each)),
                })
              }
              onRemove={() =>
                setGroup(groupIndex, {
                  ...group,
                  conditions: group.conditions.filter((_, at) => at !== index),
                })
              }
            />
          ))}
          <div className={styles.rowActions}>
            <Button
              variant="secondary"
              size="sm"
              onClick={() =>
                setGroup(groupIndex, { ...group, conditions: [...group.conditions, newCondition()] })
              }
            >
              <Plus aria-hidden="true" />
              {t('logic.addCondition')}
            </Button>
            <Button
              variant="ghost"
              size="sm"
              onClick={() =>
                onChange({
                  ...rule,
                  when: { ...rule.when, groups: rule.when.groups.filter((_, at) => at !== groupIndex) },
                })
              }
            >
              {t('logic.removeGroup', { number: groupIndex + 1 })}
            </Button>
          </div>
        </fieldset>
      ))}
      <div className={styles.rowActions}>
        <Button
          variant="secondary"
          size="sm"
          onClick={() =>
            onChange({
              ...rule,
              when: {
                ...rule.when,
                groups: [...rule.when.groups, { join: 'and', conditions: [newCondition()] }],
              },
            })
          }
        >
          <Plus aria-hidden="true" />
          {t('logic.addGroup')}
        </Button>
        <Button variant="danger" size="sm" onClick={onRemove}>
          <Trash2 aria-hidden="true" />
          {t('logic.removeRule', { number })}
        </Button>
      </div>
    </fieldset>
  );
}

function EndingEditor({
  ending,
  definition,
  onChange,
  onRemove,
  onDefault,
}: {
  ending: Ending;
  definition: FormDefinition;
  onChange: (ending: Ending) => void;
  onRemove: () => void;
  onDefault: () => void;
}) {
  const { t } = useTranslation('forms');
  const isDefault = definition.defaultEnding === ending.id;
  return (
    <fieldset className={styles.fieldset}>
      <legend>{ending.title || t('builder.untitled')}</legend>
      <Input
        label={t('logic.endingTitle')}
        value={ending.title}
        onChange={(event) => onChange({ ...ending, title: event.target.value })}
      />
      <Textarea
        label={t('logic.endingText')}
        rows={3}
        value={ending.text ?? ''}
        onChange={(event) => onChange({ ...ending, text: event.target.value || undefined })}
      />
      <div className={styles.rowActions}>
        {isDefault ? (
          <span>{t('logic.defaultEnding')}</span>
        ) : (
          <>
            <Button variant="secondary" size="sm" onClick={onDefault}>
              {t('logic.makeDefault')}
            </Button>
            <Button variant="danger" size="sm" onClick={onRemove}>
              {t('logic.removeEnding')}
            </Button>
          </>
        )}
      </div>
    </fieldset>
  );
}

/** «Logikk»: the rules (conditions in AND/OR groups → show, hide, jump, end) and the endings. */
export function LogicSection({ definition, dispatch }: { definition: FormDefinition; dispatch: Dispatch }) {
  const { t } = useTranslation('forms');
  const replace = (next: FormDefinition, field: string) =>
    dispatch({ type: 'replace', definition: next, field });
  const keys = definition.pages.flatMap((page) =>
    page.blocks.flatMap((block) => ('key' in block ? [`{${block.key}}`] : [])),
  );
  const firstBlock = definition.pages
    .flatMap((page) => page.blocks)
    .find((block) => block.kind !== 'statement');

  return (
    <div className={styles.blocks}>
      <section aria-labelledby="form-rules-title" className={styles.blocks}>
        <h2 id="form-rules-title">{t('logic.rules')}</h2>
        <p>{t('logic.rulesIntro')}</p>
        {definition.rules.length === 0 ? <p>{t('logic.noRules')}</p> : null}
        {definition.rules.map((rule, index) => (
          <RuleEditor
            key={rule.id}
            rule={rule}
            number={index + 1}
            definition={definition}
            onChange={(next) =>
              replace(
                { ...definition, rules: definition.rules.map((each) => (each.id === rule.id ? next : each)) },
                `rule:${rule.id}`,
              )
            }
            onRemove={() =>
              replace(
                { ...definition, rules: definition.rules.filter((each) => each.id !== rule.id) },
                'rules',
              )
            }
          />
        ))}
        <div>
          <Button
            variant="secondary"
            onClick={() =>
              replace(
                {
                  ...definition,
                  rules: [
                    ...definition.rules,
                    {
                      id: newId('r'),
                      action: 'show',
                      block: '',
                      when: {
                        join: 'and',
                        groups: [
                          {
                            join: 'and',
                            conditions: [{ block: firstBlock?.id ?? '', operator: 'is_answered' }],
                          },
                        ],
                      },
                    },
                  ],
                },
                'rules',
              )
            }
          >
            <Plus aria-hidden="true" />
            {t('logic.addRule')}
          </Button>
        </div>
        <p>{t('logic.pointsHint')}</p>
      </section>
      <section aria-labelledby="form-endings-title" className={styles.blocks}>
        <h2 id="form-endings-title">{t('logic.endings')}</h2>
        <p>{t('logic.endingsIntro')}</p>
        {keys.length > 0 ? <p>{t('logic.keys', { keys: keys.join(', ') })}</p> : null}
        {definition.endings.map((ending) => (
          <EndingEditor
            key={ending.id}
            ending={ending}
            definition={definition}
            onChange={(next) =>
              replace(
                {
                  ...definition,
                  endings: definition.endings.map((each) => (each.id === ending.id ? next : each)),
                },
                `ending:${ending.id}`,
              )
            }
            onRemove={() =>
              replace(
                { ...definition, endings: definition.endings.filter((each) => each.id !== ending.id) },
                'endings',
              )
            }
            onDefault={() => replace({ ...definition, defaultEnding: ending.id }, 'endings')}
          />
        ))}
        <div>
          <Button
            variant="secondary"
            onClick={() =>
              replace(
                {
                  ...definition,
                  endings: [...definition.endings, { id: newId('e'), title: t('logic.endingTitle') }],
                },
                'endings',
              )
            }
          >
            <Plus aria-hidden="true" />
            {t('logic.addEnding')}
          </Button>
        </div>
      </section>
    </div>
  );
}
