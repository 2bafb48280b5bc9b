import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { Form } from '@/components/form';
import { FormStatus } from '@/components/form-status';
import { Input } from '@/components/input';
import { notify } from '@/components/notification-store';
import { SkeletonText } from '@/components/skeleton';
import type { ChoiceBlock, FormDefinition } from '@/lib/forms/engine';
import { formQuotasQueryOptions, useSaveQuotas, type FormQuota, type QuotaChange } from '../api/quotas';
import styles from './forms.module.css';

const CAP_MAX = 1_000_000;
const CHOICE_KINDS = new Set(['single_choice', 'multiple_choice', 'dropdown']);
const fieldKey = (blockId: string, optionId: string) => `${blockId}:${optionId}`;

function choiceBlocks(definition: FormDefinition): ChoiceBlock[] {
  return definition.pages.flatMap((page) =>
    page.blocks.filter((block): block is ChoiceBlock => CHOICE_KINDS.has(block.kind)),
  );
}

/** An empty field is no cap; anything else must be a whole number 0–1 000 000 (spaces allowed). */
function readCap(text: string): number | null | 'invalid' {
  const trimmed = text.replace(/\s/g, '');
  if (trimmed === '') return null;
  const cap = Number(trimmed);
  return /^\d+$/.test(trimmed) && cap <= CAP_MAX ? cap : 'invalid';
}

/**
 * «Plasser per alternativ»: a cap per option of each choice question, with how many responses took
 * it. A full option shows as «(fullt)» to visitors and the submission refuses it.
 */
export function QuotaSettings({
  formId,
  organizationId,
  definition,
}: {
  formId: string;
  organizationId: string;
  definition: FormDefinition;
}) {
  const quotas = useQuery(formQuotasQueryOptions(formId));
  return (
    <section aria-labelledby="form-quotas-title" className={styles.blocks}>
      <QuotaTitle />
      {quotas.data ? (
        <QuotaForm
          formId={formId}
          organizationId={organizationId}
          blocks={choiceBlocks(definition)}
          quotas={quotas.data}
        />
      ) : quotas.error ? (
        <FormStatus error={quotas.error} />
      ) : (
        <SkeletonText lines={3} />
      )}
    </section>
  );
}

function QuotaTitle() {
  const { t } = useTranslation('forms');
  return (
    <>
      <h3 id="form-quotas-title">{t('settings.quotas.title')}</h3>
      <p>{t('settings.quotas.intro')}</p>
    </>
  );
}

function QuotaForm({
  formId,
  organizationId,
  blocks,
  quotas,
}: {
  formId: string;
  organizationId: string;
  blocks: ChoiceBlock[];
  quotas: FormQuota[];
}) {
  const { t } = useTranslation('forms');
  const save = useSaveQuotas(formId, organizationId);
  const quotaOf = (blockId: string, optionId: string) =>
    quotas.find((quota) => quota.blockId === blockId && quota.optionId === optionId);
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(quotas.map((quota) => [fieldKey(quota.blockId, quota.optionId), String(quota.cap)])),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});

  if (blocks.length === 0) return <p>{t('settings.quotas.none')}</p>;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const changes: QuotaChange[] = [];
    const next: Record<string, string> = {};
    for (const block of blocks)
      for (const option of block.options) {
        const cap = readCap(values[fieldKey(block.id, option.id)] ?? '');
        if (cap === 'invalid') next[fieldKey(block.id, option.id)] = t('settings.quotas.invalid');
        else changes.push({ blockId: block.id, optionId: option.id, cap });
      }
    setErrors(next);
    const first = Object.keys(next)[0];
    if (first) {
      document.getElementById(`quota-${first}`)?.focus();
      return;
    }
    save.mutate(
      { existing: quotas, changes },
      { onSuccess: () => notify({ message: t('settings.quotas.saved'), tone: 'success' }) },
    );
  };

  return (
    <Form onSubmit={submit} aria-labelledby="form-quotas-title" className={styles.blocks}>
      {blocks.map((block) => (
        <fieldset key={block.id} className={styles.fieldset}>
          <legend>{block.label}</legend>
          {block.options.map((option) => {
            const key = fieldKey(block.id, option.id);
            const quota = quotaOf(block.id, option.id);
            return (
              <Input
                key={option.id}
                id={`quota-${key}`}
                label={t('settings.quotas.cap', { option: option.label })}
                hint={quota ? t('settings.quotas.taken', { taken: quota.taken, cap: quota.cap }) : undefined}
                inputMode="numeric"
                value={values[key] ?? ''}
                error={errors[key]}
                onChange={(event) => setValues((previous) => ({ ...previous, [key]: event.target.value }))}
              />
            );
          })}
        </fieldset>
      ))}
      <FormStatus error={save.error} />
      <div>
        <Button type="submit" loading={save.isPending}>
          {t('settings.quotas.save')}
        </Button>
      </div>
    </Form>
  );
}
