import { useTranslation } from 'react-i18next';
import { Input } from '@/components/input';
import { NativeSelect } from '@/components/native-select';
import { COMPETITION_UNITS } from '../utils/competition-rules';
import styles from './competitions.module.css';

const isNamedUnit = (unit: string) => (COMPETITION_UNITS as readonly string[]).includes(unit);

/**
 * The unit: one of the named ones, or «Eget ord» with a field for the organization's own word. The
 * value is the unit itself; choosing «Eget ord» empties it so the own word is typed fresh.
 */
export function UnitField({
  id,
  value,
  onChange,
  error,
}: {
  id: string;
  value: string;
  onChange: (unit: string) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation('competitions');
  const custom = !isNamedUnit(value);
  return (
    <div className={styles.inline}>
      <NativeSelect
        id={`${id}-choice`}
        label={t('create.unit')}
        value={custom ? 'custom' : value}
        onChange={(event) => onChange(event.target.value === 'custom' ? '' : event.target.value)}
        options={[...COMPETITION_UNITS, 'custom' as const].map((unit) => ({
          value: unit,
          label: t(`create.units.${unit}`),
        }))}
      />
      {custom ? (
        <Input
          id={id}
          label={t('create.customUnit')}
          value={value}
          maxLength={20}
          onChange={(event) => onChange(event.target.value)}
          error={error}
          required
          autoComplete="off"
        />
      ) : null}
    </div>
  );
}
