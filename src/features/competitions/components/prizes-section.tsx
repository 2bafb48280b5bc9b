import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { confirm } from '@/components/dialog-store';
import { FormStatus } from '@/components/form-status';
import { Input } from '@/components/input';
import { notify } from '@/components/notification-store';
import layout from '@/components/page.module.css';
import { Table, type TableColumn } from '@/components/table';
import { useDeletePrize } from '@/lib/campaign/api/delete-prize';
import type { CampaignPrize } from '@/lib/campaign/api/get-prizes';
import { useSavePrize } from '@/lib/campaign/api/save-prize';
import { formatMoney, formatNumber } from '@/lib/format';
import { useKeepFocus } from '@/lib/use-keep-focus';
import type { EditorCompetition } from '../api/get-competition';
import { parseAmount, rules } from '../utils/competition-rules';
import styles from './competitions.module.css';

type PrizeValues = { id?: string; name: string; description: string; value: string; quantity: string };
const EMPTY: PrizeValues = { name: '', description: '', value: '', quantity: '1' };

/**
 * The competition's prizes through the campaign engine: awarded by the standings, never drawn by
 * chance (so no lottery question arises).
 */
export function PrizesSection({
  competition,
  prizes,
}: {
  competition: EditorCompetition;
  prizes: CampaignPrize[];
}) {
  const { t } = useTranslation('competitions');
  const [values, setValues] = useState<PrizeValues>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<'name' | 'value' | 'quantity', string>>>({});
  const save = useSavePrize(competition.id, competition.organization_id);
  const remove = useDeletePrize(competition.id);
  const saveButton = useKeepFocus(save.isPending);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next: typeof errors = {};
    if (!values.name.trim()) next.name = t('prizes.nameRequired');
    const value = parseAmount(values.value);
    if (value !== null && !Number.isInteger(value)) next.value = t('prizes.valueInvalid');
    if (!rules.wholeIn(1, 1000)(values.quantity)) next.quantity = t('prizes.quantityInvalid');
    setErrors(next);
    const first = (['name', 'value', 'quantity'] as const).find((key) => next[key]);
    if (first) return document.getElementById(`prize-${first}`)?.focus();
    save.mutate(
      {
        id: values.id,
        item_id: null,
        name: values.name.trim(),
        description: values.description.trim() || null,
        value_ore: value === null ? null : value * 100,
        quantity: Number(values.quantity),
        drawn_by_chance: false,
      },
      {
        onSuccess: () => {
          setValues(EMPTY);
          notify({ message: t('editor.saved'), tone: 'success' });
        },
      },
    );
  };

  const deletePrize = async (prize: CampaignPrize) => {
    if (
      !(await confirm({
        title: t('prizes.deleteConfirm', { name: prize.name }),
        confirmLabel: t('prizes.delete', { name: prize.name }),
        tone: 'danger',
      }))
    )
      return;
    remove.mutate(prize.id, { onSuccess: () => notify({ message: t('prizes.deleted'), tone: 'success' }) });
  };

  const columns: TableColumn<CampaignPrize>[] = [
    { key: 'name', header: t('prizes.name'), card: 'title', cell: (prize) => prize.name },
    { key: 'description', header: t('prizes.description'), cell: (prize) => prize.description ?? '' },
    {
      key: 'value',
      header: t('prizes.value'),
      align: 'end',
      priority: 'secondary',
      cell: (prize) => (prize.value_ore === null ? '–' : formatMoney(prize.value_ore)),
    },
    {
      key: 'quantity',
      header: t('prizes.quantity'),
      align: 'end',
      cell: (prize) => formatNumber(prize.quantity),
    },
    {
      key: 'actions',
      header: t('list.actions'),
      card: 'action',
      cell: (prize) => (
        <div className={styles.rowActions}>
          <Button
            variant="secondary"
            size="sm"
            aria-label={t('prizes.edit', { name: prize.name })}
            onClick={() => {
              setValues({
                id: prize.id,
                name: prize.name,
                description: prize.description ?? '',
                value: prize.value_ore === null ? '' : String(prize.value_ore / 100),
                quantity: String(prize.quantity),
              });
              document.getElementById('prize-name')?.focus();
            }}
          >
            {t('list.edit')}
          </Button>
          <Button
            variant="ghost"
            size="sm"
            aria-label={t('prizes.delete', { name: prize.name })}
            onClick={() => void deletePrize(prize)}
          >
            {t('teams.deleteShort')}
          </Button>
        </div>
      ),
    },
  ];

  return (
    <div className={layout.form}>
      {prizes.length === 0 ? (
        <p className={layout.muted}>{t('prizes.none')}</p>
      ) : (
        <Table
          caption={t('prizes.title')}
          hideCaption
          columns={columns}
          rows={prizes}
          rowKey={(prize) => prize.id}
        />
      )}
      <FormStatus error={remove.error} />
      <form
        className={styles.fieldset}
        onSubmit={submit}
        noValidate
        aria-label={values.id ? t('prizes.save') : t('prizes.add')}
      >
        <div className={styles.inline}>
          <Input
            id="prize-name"
            label={t('prizes.name')}
            value={values.name}
            maxLength={200}
            onChange={(event) => setValues({ ...values, name: event.target.value })}
            error={errors.name}
            autoComplete="off"
          />
          <Input
            id="prize-value"
            label={t('prizes.value')}
            inputMode="numeric"
            value={values.value}
            onChange={(event) => setValues({ ...values, value: event.target.value })}
            error={errors.value}
            autoComplete="off"
          />
          <Input
            id="prize-quantity"
            label={t('prizes.quantity')}
            inputMode="numeric"
            value={values.quantity}
            onChange={(event) => setValues({ ...values, quantity: event.target.value })}
            error={errors.quantity}
            autoComplete="off"
          />
        </div>
        <Input
          id="prize-description"
          label={t('prizes.description')}
          value={values.description}
          maxLength={2000}
          onChange={(event) => setValues({ ...values, description: event.target.value })}
          autoComplete="off"
        />
        <FormStatus error={save.error} />
        <div className={layout.actions}>
          <Button ref={saveButton} type="submit" variant="secondary" loading={save.isPending}>
            {values.id ? t('prizes.save') : t('prizes.add')}
          </Button>
          {values.id ? (
            <Button variant="ghost" onClick={() => setValues(EMPTY)}>
              {t('prizes.cancel')}
            </Button>
          ) : null}
        </div>
      </form>
    </div>
  );
}
