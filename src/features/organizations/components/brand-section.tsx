import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { Checklist, ChecklistItem } from '@/components/checklist';
import editor from '@/components/editor.module.css';
import { FormStatus } from '@/components/form-status';
import { Input } from '@/components/input';
import { notify } from '@/components/notification-store';
import layout from '@/components/page.module.css';
import { SkeletonText } from '@/components/skeleton';
import { contrastRatio, MIN_NON_TEXT_CONTRAST, MIN_TEXT_CONTRAST, readableOn } from '@/lib/contrast';
import { formatNumber } from '@/lib/format';
import { formatRatio } from '@/lib/format-ratio';
import { organizationBrandQueryOptions, type BrandColours } from '@/lib/organization-brand/api/get-brand';
import { readHex } from '@/lib/organization-brand/read-hex';
import { useUpdateOrganizationBrand } from '../api/update-organization-brand';
import styles from './organization.module.css';

type Key = keyof BrandColours;
const KEYS: Key[] = ['accent', 'background', 'text'];
/** What the fields start from before any brand colour is set: the design system's own. */
const STARTING: Record<Key, string> = { accent: '#0b5cad', background: '#ffffff', text: '#1a1a1a' };

/**
 * «Merkefarger»: the organization's accent, background and text colours, which the design editors of
 * its popups, calendars and competitions offer as a start. Owners and admins set them; members see them.
 */
export function BrandSection({ organizationId, canEdit }: { organizationId: string; canEdit: boolean }) {
  const { t } = useTranslation('organizations');
  const brand = useQuery(organizationBrandQueryOptions(organizationId));
  return (
    <section aria-labelledby="brand-title" className={`${layout.form} ${styles.brandSection}`}>
      <h2 id="brand-title">{t('brand.heading')}</h2>
      <p className={layout.muted}>{t('brand.intro')}</p>
      {brand.data ? (
        canEdit ? (
          <BrandForm key={organizationId} organizationId={organizationId} brand={brand.data} />
        ) : (
          <BrandView brand={brand.data} />
        )
      ) : brand.error ? (
        <FormStatus error={brand.error} />
      ) : (
        <SkeletonText lines={3} />
      )}
    </section>
  );
}

function BrandView({ brand }: { brand: BrandColours }) {
  const { t } = useTranslation('organizations');
  return (
    <>
      <dl>
        {KEYS.map((key) => (
          <div key={key}>
            <dt>{t(`brand.${key}`)}</dt>
            <dd className={styles.member}>
              {brand[key] ? (
                <>
                  <span
                    className={styles.brandSwatch}
                    style={{ background: brand[key] }}
                    aria-hidden="true"
                  />
                  {brand[key]}
                </>
              ) : (
                t('details.notSet')
              )}
            </dd>
          </div>
        ))}
      </dl>
      <p className={layout.muted}>{t('brand.readOnly')}</p>
    </>
  );
}

function BrandForm({ organizationId, brand }: { organizationId: string; brand: BrandColours }) {
  const { t } = useTranslation('organizations');
  const save = useUpdateOrganizationBrand(organizationId);
  const isSet = KEYS.every((key) => brand[key]);
  const [typed, setTyped] = useState<Record<Key, string>>(() => ({
    accent: brand.accent ?? STARTING.accent,
    background: brand.background ?? STARTING.background,
    text: brand.text ?? STARTING.text,
  }));
  const [errors, setErrors] = useState<Partial<Record<Key, string>>>({});
  const colour = (key: Key) => readHex(typed[key]) ?? STARTING[key];
  const textRatio = contrastRatio(colour('text'), colour('background')) ?? 1;
  const accentRatio = contrastRatio(colour('accent'), colour('background')) ?? 1;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: Partial<Record<Key, string>> = {};
    for (const key of KEYS) if (!readHex(typed[key])) next[key] = t('brand.invalid');
    if (!next.text && textRatio < MIN_TEXT_CONTRAST)
      next.text = t('brand.textUnreadable', {
        ratio: formatRatio(textRatio),
        min: formatNumber(MIN_TEXT_CONTRAST),
      });
    setErrors(next);
    const first = KEYS.find((key) => next[key]);
    if (first) {
      document.getElementById(`brand-${first}`)?.focus();
      return;
    }
    save.mutate(
      { accent: colour('accent'), background: colour('background'), text: colour('text') },
      { onSuccess: () => notify({ message: t('brand.saved'), tone: 'success' }) },
    );
  };
  const remove = () =>
    save.mutate(
      { accent: null, background: null, text: null },
      { onSuccess: () => notify({ message: t('brand.removed'), tone: 'success' }) },
    );

  return (
    <form onSubmit={submit} noValidate className={layout.form} aria-labelledby="brand-title">
      {!isSet ? <p>{t('brand.notSetYet')}</p> : null}
      <div className={layout.grid}>
        {KEYS.map((key) => (
          <div key={key} className={editor.swatch}>
            <Input
              id={`brand-${key}`}
              label={t(`brand.${key}`)}
              hint={t('brand.hexHint')}
              value={typed[key]}
              error={errors[key]}
              spellCheck={false}
              autoComplete="off"
              onChange={(event) => setTyped((previous) => ({ ...previous, [key]: event.target.value }))}
            />
            <input
              type="color"
              aria-label={t('brand.pick', { colour: t(`brand.${key}`) })}
              value={colour(key)}
              onChange={(event) => setTyped((previous) => ({ ...previous, [key]: event.target.value }))}
            />
          </div>
        ))}
      </div>
      <div
        className={styles.brandSample}
        style={{ background: colour('background'), color: colour('text') }}
        aria-label={t('brand.sample')}
        role="group"
      >
        <strong>{t('brand.sampleHeading')}</strong>
        <span>{t('brand.sampleText')}</span>
        <span
          className={styles.brandButton}
          style={{ background: colour('accent'), color: readableOn(colour('accent')) }}
        >
          {t('brand.sampleButton')}
        </span>
      </div>
      <Checklist live>
        <ChecklistItem done={textRatio >= MIN_TEXT_CONTRAST}>
          {t('brand.textContrast', { ratio: formatRatio(textRatio), min: formatNumber(MIN_TEXT_CONTRAST) })}
        </ChecklistItem>
        <ChecklistItem done={accentRatio >= MIN_NON_TEXT_CONTRAST}>
          {t('brand.accentContrast', {
            ratio: formatRatio(accentRatio),
            min: formatNumber(MIN_NON_TEXT_CONTRAST),
          })}
        </ChecklistItem>
      </Checklist>
      <FormStatus error={save.error} />
      <div className={layout.actions}>
        <Button type="submit" loading={save.isPending}>
          {t('brand.save')}
        </Button>
        {isSet ? (
          <Button variant="secondary" onClick={remove} disabled={save.isPending}>
            {t('brand.remove')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
