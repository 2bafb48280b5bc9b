import { Plus, X } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, IconButton } from '@/components/button';
import { Input } from '@/components/input';
import layout from '@/components/page.module.css';
import styles from './competitions.module.css';

/**
 * The groups of a new competition as a list of names, added and removed inline. Focus goes to the new
 * field on adding and to «Legg til gruppe» on removing, so the keyboard never loses its place.
 */
export function GroupNamesField({
  groups,
  onChange,
  errors,
}: {
  groups: string[];
  onChange: (groups: string[]) => void;
  /** By index. */
  errors: Record<number, string | undefined>;
}) {
  const { t } = useTranslation('competitions');
  const addButton = useRef<HTMLButtonElement>(null);
  const focusField = (index: number) =>
    requestAnimationFrame(() => document.getElementById(`competition-groups-${index}`)?.focus());

  return (
    <fieldset className={styles.fieldset}>
      <legend>{t('create.groups')}</legend>
      <p className={layout.muted}>{t('create.groupsHint')}</p>
      {groups.map((group, index) => (
        // Position is the identity while typing: names may be empty or alike until saved.
        <div key={index} className={styles.inline}>
          <Input
            id={`competition-groups-${index}`}
            label={t('create.groupName', { number: index + 1 })}
            value={group}
            maxLength={80}
            onChange={(event) =>
              onChange(groups.map((name, at) => (at === index ? event.target.value : name)))
            }
            error={errors[index]}
            autoComplete="off"
          />
          <IconButton
            variant="secondary"
            icon={<X aria-hidden />}
            label={t('create.removeGroup', { name: group.trim() || index + 1 })}
            onClick={() => {
              onChange(groups.filter((_, at) => at !== index));
              addButton.current?.focus();
            }}
          />
        </div>
      ))}
      <div className={layout.actions}>
        <Button
          ref={addButton}
          variant="secondary"
          onClick={() => {
            onChange([...groups, '']);
            focusField(groups.length);
          }}
        >
          <Plus aria-hidden size={16} /> {t('create.addGroup')}
        </Button>
      </div>
    </fieldset>
  );
}
