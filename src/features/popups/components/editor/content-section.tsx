import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { CampaignConsentFields } from '@/components/campaign-texts-fields';
import editor from '@/components/editor.module.css';
import { Input } from '@/components/input';
import { MediaChoice } from '@/components/media-picker/media-choice';
import { NativeSelect } from '@/components/native-select';
import layout from '@/components/page.module.css';
import { Tabs } from '@/components/tabs';
import { Textarea } from '@/components/textarea';
import type { MediaSummary } from '@/lib/media/types';
import { popupFormsQueryOptions } from '../../api/get-popup-forms';
import {
  addVariant,
  evenWeights,
  removeVariant,
  VARIANT_LABELS,
  weightSum,
  type DraftVariant,
} from '../../utils/popup-draft';
import styles from './popup-editor.module.css';
import type { SectionProps } from './section-props';
import { WholeNumberInput } from './whole-number-input';

type ContentProps = SectionProps & {
  organizationId: string;
  organizationName: string;
  active: string;
  setActive: (label: string) => void;
  /** The library items of the variants' images (the read's, and what was just picked). */
  media: Map<string, MediaSummary>;
  onPicked: (media: MediaSummary) => void;
};

/**
 * «Innhold»: the variants A–D as tabs (a new one copies the open one), their weights with «Fordel
 * likt», each variant's texts, picture, field and discount code, and the campaign's consent texts.
 */
export function ContentSection(props: ContentProps) {
  const { t } = useTranslation('popups-editor');
  const { draft, change, errorOf, active, setActive } = props;
  const variants = draft.variants;
  const current = variants.find((variant) => variant.label === active) ?? variants[0];
  const sum = weightSum(variants);
  const setVariants = (next: DraftVariant[]) => change((previous) => ({ ...previous, variants: next }));

  const add = () => {
    if (!current) return;
    const next = addVariant(variants, current, crypto.randomUUID());
    setVariants(next);
    setActive(next.at(-1)?.label ?? active);
  };
  const remove = () => {
    if (!current) return;
    const next = removeVariant(variants, current.id);
    setVariants(next);
    setActive(next[0]?.label ?? 'A');
  };

  return (
    <div className={styles.column}>
      <fieldset className={editor.fieldset}>
        <legend>{t('content.variants')}</legend>
        <p className={layout.muted}>{t('content.variantsIntro')}</p>
        <div className={layout.grid}>
          {variants.map((variant, index) => (
            <WholeNumberInput
              key={variant.id}
              min={1}
              max={100}
              label={t('content.weight', { label: variant.label })}
              value={variant.weight}
              error={errorOf(`variants.${variant.label}.weight`)}
              onChange={(weight) =>
                setVariants(variants.map((item, at) => (at === index ? { ...item, weight } : item)))
              }
            />
          ))}
        </div>
        <p className={sum === 100 ? layout.muted : editor.warning} role="status" id="weights-sum">
          {sum === 100
            ? t('content.weightsOk')
            : t('content.weightsOff', { sum: Number.isNaN(sum) ? 0 : sum })}
        </p>
        <div className={layout.actions}>
          {variants.length > 1 ? (
            <Button
              variant="secondary"
              size="sm"
              onClick={() => {
                const weights = evenWeights(variants.length);
                setVariants(variants.map((variant, index) => ({ ...variant, weight: weights[index] ?? 1 })));
              }}
            >
              {t('content.evenWeights')}
            </Button>
          ) : null}
          {variants.length < VARIANT_LABELS.length && current ? (
            <Button variant="secondary" size="sm" onClick={add}>
              {t('content.addVariant', { label: current.label })}
            </Button>
          ) : null}
          {variants.length > 1 && current ? (
            <Button variant="ghost" size="sm" onClick={remove}>
              {t('content.removeVariant', { label: current.label })}
            </Button>
          ) : null}
        </div>
      </fieldset>
      <Tabs
        label={t('content.variantTabs')}
        value={current?.label}
        onValueChange={setActive}
        items={variants.map((variant) => ({
          value: variant.label,
          label: t('content.variantTab', { label: variant.label }),
          content: <VariantFields {...props} variant={variant} />,
        }))}
      />
      <fieldset className={editor.fieldset}>
        <legend>{t('content.consent')}</legend>
        <CampaignConsentFields
          values={{ consent: draft.consentText, marketing: draft.marketingConsentText }}
          onChange={({ consent, marketing }) =>
            change((previous) => ({ ...previous, consentText: consent, marketingConsentText: marketing }))
          }
          consentError={errorOf('consentText')}
          onSuggestConsent={() =>
            change((previous) => ({
              ...previous,
              consentText: t('content.consentDefault', { organization: props.organizationName }),
            }))
          }
          labels={{
            consentText: t('content.consentText'),
            consentHint: t('content.consentHint'),
            consentSuggest: t('content.consentSuggest'),
            marketingText: t('content.marketingText'),
            marketingHint: t('content.marketingHint'),
          }}
        />
      </fieldset>
    </div>
  );
}

function VariantFields({
  variant,
  draft,
  change,
  errorOf,
  organizationId,
  media,
  onPicked,
}: ContentProps & { variant: DraftVariant }) {
  const { t } = useTranslation('popups-editor');
  const forms = useQuery({
    ...popupFormsQueryOptions(organizationId),
    enabled: variant.content.field === 'form',
  });
  const at = `variants.${variant.label}`;
  const update = (next: Partial<DraftVariant>) =>
    change((previous) => ({
      ...previous,
      variants: previous.variants.map((item) => (item.id === variant.id ? { ...item, ...next } : item)),
    }));
  const text = (key: 'heading' | 'text' | 'button' | 'success_heading' | 'success_text' | 'image_alt') => ({
    value: variant.content[key] ?? '',
    onChange: (event: { target: { value: string } }) =>
      update({ content: { ...variant.content, [key]: event.target.value } }),
  });
  const image = variant.imageMediaId ? (media.get(variant.imageMediaId) ?? null) : null;
  const formOptions = [
    { value: '', label: forms.isPending ? t('content.formsLoading') : t('content.formChoose') },
    ...(forms.data ?? []).map((form) => ({ value: form.id, label: form.name })),
  ];

  return (
    <div className={layout.form}>
      <Input
        label={t('content.heading')}
        maxLength={120}
        error={errorOf(`${at}.heading`)}
        {...text('heading')}
      />
      <Textarea label={t('content.text')} rows={3} maxLength={600} {...text('text')} />
      <MediaChoice
        legend={t('content.image')}
        hint={t('content.imageHint')}
        emptyText={t('content.noImage')}
        media={image}
        accept="image"
        onChoose={(chosen) => {
          if (chosen) onPicked(chosen);
          update({ imageMediaId: chosen?.id ?? null });
        }}
        texts={{
          choose: t('content.chooseImage'),
          change: t('content.changeImage'),
          remove: t('content.removeImage'),
          altMissing: t('content.altMissing'),
          alt: (alt) => t('content.libraryAlt', { alt }),
        }}
      />
      {image ? (
        <Input
          label={t('content.imageAlt')}
          hint={t('content.imageAltHint')}
          maxLength={500}
          {...text('image_alt')}
        />
      ) : null}
      <NativeSelect
        label={t('content.field')}
        value={variant.content.field}
        options={[
          { value: 'email', label: t('content.fieldEmail') },
          { value: 'form', label: t('content.fieldForm') },
        ]}
        onChange={(event) =>
          update({
            content: { ...variant.content, field: event.target.value === 'form' ? 'form' : 'email' },
          })
        }
      />
      {variant.content.field === 'form' ? (
        <NativeSelect
          label={t('content.form')}
          hint={forms.data?.length === 0 ? t('content.noForms') : t('content.formHint')}
          value={variant.content.form_id ?? ''}
          options={formOptions}
          error={errorOf(`${at}.form`)}
          onChange={(event) =>
            update({ content: { ...variant.content, form_id: event.target.value || null } })
          }
        />
      ) : (
        <>
          <Input label={t('content.button')} maxLength={60} {...text('button')} />
          <Input
            label={t('content.discountCode')}
            hint={t('content.discountCodeHint')}
            value={variant.discountCode}
            error={errorOf(`${at}.discountCode`)}
            onChange={(event) => update({ discountCode: event.target.value })}
          />
        </>
      )}
      <Input label={t('content.successHeading')} maxLength={120} {...text('success_heading')} />
      <Textarea label={t('content.successText')} rows={2} maxLength={600} {...text('success_text')} />
      {draft.variants.length > 1 ? <p className={layout.muted}>{t('content.variantNote')}</p> : null}
    </div>
  );
}
