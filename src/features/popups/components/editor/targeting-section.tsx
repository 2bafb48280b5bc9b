import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { DateTimeField } from '@/components/date-time-field';
import editor from '@/components/editor.module.css';
import { Input } from '@/components/input';
import { NativeSelect } from '@/components/native-select';
import layout from '@/components/page.module.css';
import type { Device, Schedule, Targeting, UrlMatch, UrlRule } from '@/popup-snippet/rules/types';
import { describeTargeting } from '../../utils/describe-rules';
import styles from './popup-editor.module.css';
import type { SectionProps } from './section-props';

const MATCHES: UrlMatch[] = ['starts_with', 'equals', 'contains', 'wildcard'];
const DEVICES: Device[] = ['mobile', 'desktop'];
const DAYS = [1, 2, 3, 4, 5, 6, 7] as const;
const hour = (value: number) => `${String(value).padStart(2, '0')}:00`;

/** Drops what holds for everyone anyway, so the stored JSON says only what narrows. */
function tidy(targeting: Targeting): Targeting {
  const next = { ...targeting };
  if (next.urls && !next.urls.include?.length && !next.urls.exclude?.length) delete next.urls;
  if (next.utm && Object.keys(next.utm).length === 0) delete next.utm;
  if (next.schedule && Object.values(next.schedule).every((value) => value === undefined))
    delete next.schedule;
  return next;
}

/** «Målretting»: where, for whom and when (all must hold), said as one sentence above the settings. */
export function TargetingSection({ draft, change, errorOf }: SectionProps) {
  const { t, i18n } = useTranslation('popups-editor');
  const { targeting } = draft;
  const set = (update: (previous: Targeting) => Targeting) =>
    change((previous) => ({ ...previous, targeting: tidy(update(previous.targeting)) }));
  const schedule = targeting.schedule ?? {};
  const setSchedule = (next: Partial<Schedule>) =>
    set((previous) => ({ ...previous, schedule: { ...previous.schedule, ...next } }));
  const devices = targeting.devices?.length ? targeting.devices : DEVICES;
  // The pairs as rows while typing (a key typed letter by letter would re-key an object).
  const [utm, setUtm] = useState<[string, string][]>(() => Object.entries(targeting.utm ?? {}));
  const saveUtm = (rows: [string, string][]) => {
    setUtm(rows);
    set((previous) => ({ ...previous, utm: Object.fromEntries(rows) }));
  };

  const rules = (which: 'include' | 'exclude') => {
    const list = targeting.urls?.[which] ?? [];
    const setList = (next: UrlRule[]) =>
      set((previous) => ({ ...previous, urls: { ...previous.urls, [which]: next } }));
    return (
      <fieldset className={editor.fieldset}>
        <legend>{t(`targeting.${which}`)}</legend>
        <p className={layout.muted}>{t(`targeting.${which}Help`)}</p>
        {list.length > 0 ? (
          <ul className={styles.list}>
            {list.map((rule, index) => (
              <li key={index} className={editor.inline}>
                <NativeSelect
                  label={t('targeting.match')}
                  value={rule.match}
                  options={MATCHES.map((match) => ({ value: match, label: t(`targeting.matches.${match}`) }))}
                  onChange={(event) =>
                    setList(
                      list.map((item, at) =>
                        at === index ? { ...item, match: event.target.value as UrlMatch } : item,
                      ),
                    )
                  }
                />
                <Input
                  label={t('targeting.path')}
                  placeholder="/bad"
                  maxLength={500}
                  value={rule.value}
                  error={errorOf(`targeting.urls.${which}.${index}`)}
                  onChange={(event) =>
                    setList(
                      list.map((item, at) => (at === index ? { ...item, value: event.target.value } : item)),
                    )
                  }
                />
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => setList(list.filter((_, at) => at !== index))}
                  aria-label={t('targeting.removeRule', { number: index + 1 })}
                >
                  {t('targeting.remove')}
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
        <div className={layout.actions}>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => setList([...list, { match: 'starts_with', value: '' }])}
          >
            {t(`targeting.add_${which}`)}
          </Button>
        </div>
      </fieldset>
    );
  };

  return (
    <div className={styles.column}>
      <p className={styles.sentence} role="status">
        {describeTargeting(targeting, i18n.language)}
      </p>
      {rules('include')}
      {rules('exclude')}
      <fieldset className={editor.fieldset}>
        <legend>{t('targeting.devices')}</legend>
        {DEVICES.map((device) => {
          const checked = devices.includes(device);
          return (
            <label key={device} className={editor.checkbox}>
              <input
                type="checkbox"
                checked={checked}
                // One device at least: none would show the popup nowhere.
                disabled={checked && devices.length === 1}
                onChange={() =>
                  set((previous) => ({
                    ...previous,
                    devices: checked ? devices.filter((item) => item !== device) : [...devices, device],
                  }))
                }
              />
              {t(`targeting.device.${device}`)}
            </label>
          );
        })}
        <p className={layout.muted}>{t('targeting.devicesHelp')}</p>
      </fieldset>
      <fieldset className={editor.fieldset}>
        <legend>{t('targeting.visitor')}</legend>
        {(['any', 'new', 'returning'] as const).map((visitor) => (
          <label key={visitor} className={editor.checkbox}>
            <input
              type="radio"
              name="popup-visitor"
              checked={(targeting.visitor ?? 'any') === visitor}
              onChange={() => set((previous) => ({ ...previous, visitor }))}
            />
            {t(`targeting.visitors.${visitor}`)}
          </label>
        ))}
      </fieldset>
      <fieldset className={editor.fieldset}>
        <legend>{t('targeting.source')}</legend>
        <div className={editor.inline}>
          <NativeSelect
            label={t('targeting.referrer')}
            value={targeting.referrer?.match ?? ''}
            options={[
              { value: '', label: t('targeting.anyReferrer') },
              ...MATCHES.map((match) => ({ value: match, label: t(`targeting.matches.${match}`) })),
            ]}
            onChange={(event) => {
              const match = event.target.value as UrlMatch | '';
              set((previous) => {
                const { referrer, ...rest } = previous;
                return match ? { ...rest, referrer: { match, value: referrer?.value ?? '' } } : rest;
              });
            }}
          />
          {targeting.referrer ? (
            <Input
              label={t('targeting.referrerValue')}
              placeholder="google."
              maxLength={500}
              value={targeting.referrer.value}
              error={errorOf('targeting.referrer')}
              onChange={(event) =>
                set((previous) => ({
                  ...previous,
                  referrer: { match: previous.referrer?.match ?? 'contains', value: event.target.value },
                }))
              }
            />
          ) : null}
        </div>
        <p className={layout.muted}>{t('targeting.utmHelp')}</p>
        {utm.map(([key, value], index) => (
          <div key={index} className={editor.inline}>
            <Input
              label={t('targeting.utmKey')}
              placeholder="utm_source"
              maxLength={100}
              value={key}
              error={errorOf(`targeting.utm.${index}`)}
              onChange={(event) =>
                saveUtm(utm.map((row, at) => (at === index ? [event.target.value, row[1]] : row)))
              }
            />
            <Input
              label={t('targeting.utmValue')}
              placeholder="nyhetsbrev"
              maxLength={200}
              value={value}
              onChange={(event) =>
                saveUtm(utm.map((row, at) => (at === index ? [row[0], event.target.value] : row)))
              }
            />
            <Button
              variant="ghost"
              size="sm"
              aria-label={t('targeting.removeUtm', { number: index + 1 })}
              onClick={() => saveUtm(utm.filter((_, at) => at !== index))}
            >
              {t('targeting.remove')}
            </Button>
          </div>
        ))}
        <div className={layout.actions}>
          <Button variant="secondary" size="sm" onClick={() => saveUtm([...utm, ['utm_source', '']])}>
            {t('targeting.addUtm')}
          </Button>
        </div>
      </fieldset>
      <fieldset className={editor.fieldset}>
        <legend>{t('targeting.schedule')}</legend>
        <p className={layout.muted}>{t('targeting.scheduleHelp')}</p>
        <div className={layout.grid}>
          <DateTimeField
            legend={t('targeting.from')}
            value={schedule.from ?? ''}
            onChange={(value) => setSchedule({ from: value || undefined })}
          />
          <DateTimeField
            legend={t('targeting.until')}
            value={schedule.until ?? ''}
            error={errorOf('targeting.schedule.until')}
            onChange={(value) => setSchedule({ until: value || undefined })}
          />
        </div>
        <fieldset className={editor.fieldset}>
          <legend>{t('targeting.days')}</legend>
          <div className={styles.days}>
            {DAYS.map((day) => {
              const days: number[] = schedule.days ?? [...DAYS];
              const checked = days.includes(day);
              return (
                <label key={day} className={editor.checkbox}>
                  <input
                    type="checkbox"
                    checked={checked}
                    disabled={checked && days.length === 1}
                    onChange={() => {
                      const next = checked ? days.filter((item) => item !== day) : [...days, day].sort();
                      setSchedule({ days: next.length === 7 ? undefined : next });
                    }}
                  />
                  {t(`targeting.weekdays.${day}`)}
                </label>
              );
            })}
          </div>
        </fieldset>
        <div className={layout.grid}>
          <NativeSelect
            label={t('targeting.hoursFrom')}
            value={schedule.hours ? String(schedule.hours[0]) : ''}
            options={[
              { value: '', label: t('targeting.allDay') },
              ...Array.from({ length: 24 }, (_, value) => ({ value: String(value), label: hour(value) })),
            ]}
            onChange={(event) =>
              setSchedule({
                hours: event.target.value
                  ? [Number(event.target.value), schedule.hours?.[1] ?? 24]
                  : undefined,
              })
            }
          />
          {schedule.hours ? (
            <NativeSelect
              label={t('targeting.hoursUntil')}
              value={String(schedule.hours[1])}
              error={errorOf('targeting.schedule.hours')}
              options={Array.from({ length: 24 }, (_, index) => ({
                value: String(index + 1),
                label: hour(index + 1),
              }))}
              onChange={(event) =>
                setSchedule({ hours: [schedule.hours?.[0] ?? 0, Number(event.target.value)] })
              }
            />
          ) : null}
        </div>
      </fieldset>
    </div>
  );
}
