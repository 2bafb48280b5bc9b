import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { confirm } from '@/components/dialog-store';
import { FormStatus } from '@/components/form-status';
import { Input } from '@/components/input';
import { NativeSelect } from '@/components/native-select';
import { notify } from '@/components/notification-store';
import layout from '@/components/page.module.css';
import { Table, type TableColumn } from '@/components/table';
import { useDeletePrize } from '@/lib/campaign/api/delete-prize';
import type { CampaignPrize } from '@/lib/campaign/api/get-prizes';
import { useSavePrize } from '@/lib/campaign/api/save-prize';
import { formatMoney } from '@/lib/format';
import { useKeepFocus } from '@/lib/use-keep-focus';
import type { CalendarEditorData } from '../api/get-calendar';
import styles from './calendars.module.css';

type PrizeValues = {
  id?: string;
  doorId: string;
  name: string;
  description: string;
  value: string;
  quantity: string;
  drawnByChance: boolean;
};

const EMPTY: PrizeValues = {
  doorId: '',
  name: '',
  description: '',
  value: '',
  quantity: '1',
  drawnByChance: true,
};

/**
 * The door prizes and the grand prize (no door). «Trekkes tilfeldig» is what the lottery guard looks
 * at: with a purchase requirement such a prize is refused, so the form says so before saving.
 */
export function PrizesSection({ data }: { data: CalendarEditorData }) {
  const { t } = useTranslation('calendars');
  const { calendar, doors, prizes } = data;
  const [values, setValues] = useState<PrizeValues>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<'name' | 'value' | 'quantity', string>>>({});
  const save = useSavePrize(calendar.id, calendar.organization_id);
  const saveButton = useKeepFocus(save.isPending);
  const remove = useDeletePrize(calendar.id);
  const dayOf = new Map(doors.map((door) => [door.id, door.day_number]));
  const targetOf = (prize: CampaignPrize) =>
    prize.item_id ? t('prizes.forDoor', { day: dayOf.get(prize.item_id) ?? '?' }) : t('prizes.grand');
  const set = <K extends keyof PrizeValues>(key: K, value: PrizeValues[K]) =>
    setValues((previous) => ({ ...previous, [key]: value }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next: typeof errors = {};
    if (!values.name.trim()) next.name = t('prizes.errors.nameRequired');
    const value =
      values.value.trim() === '' ? null : Number(values.value.replace(/\s/g, '').replace(',', '.'));
    if (value !== null && (!Number.isInteger(value) || value < 0))
      next.value = t('prizes.errors.valueInvalid');
    const quantity = Number(values.quantity);
    if (!Number.isInteger(quantity) || quantity < 1 || quantity > 1000)
      next.quantity = t('prizes.errors.quantityInvalid');
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    save.mutate(
      {
        id: values.id,
        item_id: values.doorId || null,
        name: values.name.trim(),
        description: values.description.trim() || null,
        value_ore: value === null ? null : value * 100,
        quantity,
        drawn_by_chance: values.drawnByChance,
      },
      {
        onSuccess: () => {
          setValues(EMPTY);
          notify({ message: t('prizes.saved'), tone: 'success' });
        },
      },
    );
  };

  const columns: TableColumn<CampaignPrize>[] = [
    { key: 'door', header: t('prizes.door'), cell: targetOf },
    { key: 'name', header: t('prizes.name'), cell: (prize) => prize.name },
    {
      key: 'value',
      header: t('prizes.value'),
      cell: (prize) => (prize.value_ore === null ? '–' : formatMoney(prize.value_ore)),
      align: 'end',
      priority: 'secondary',
    },
    {
      key: 'chance',
      header: t('prizes.drawnByChance'),
      cell: (prize) => (prize.drawn_by_chance ? t('prizes.byChance') : t('prizes.byMerit')),
      priority: 'secondary',
    },
    {
      key: 'actions',
      header: <span className="visually-hidden">{t('list.actions')}</span>,
      cell: (prize) => (
        <div className={styles.rowActions}>
          <Button
            variant="secondary"
            size="sm"
            aria-label={`${t('list.edit')}: ${prize.name}`}
            onClick={() =>
              setValues({
                id: prize.id,
                doorId: prize.item_id ?? '',
                name: prize.name,
                description: prize.description ?? '',
                value: prize.value_ore === null ? '' : String(prize.value_ore / 100),
                quantity: String(prize.quantity),
                drawnByChance: prize.drawn_by_chance,
              })
            }
          >
            {t('list.edit')}
          </Button>
          <Button
            variant="ghost"
            size="sm"
            aria-label={`${t('prizes.delete')}: ${prize.name}`}
            onClick={() =>
              void confirm({
                title: t('prizes.deleteConfirm', { name: prize.name }),
                confirmLabel: t('prizes.delete'),
                tone: 'danger',
              }).then((yes) => {
                if (yes)
                  remove.mutate(prize.id, {
                    onSuccess: () => notify({ message: t('prizes.deleted'), tone: 'success' }),
                  });
              })
            }
          >
            {t('prizes.delete')}
          </Button>
        </div>
      ),
    },
  ];

  return (
    <div className={layout.form}>
      <p className={layout.muted}>{t('prizes.intro')}</p>
      <Table
        caption={t('prizes.caption')}
        hideCaption
        columns={columns}
        rows={prizes}
        rowKey={(prize) => prize.id}
        empty={<p>{t('prizes.none')}</p>}
      />
      <FormStatus error={remove.error} />
      <form className={styles.fieldset} onSubmit={submit} noValidate aria-labelledby="prize-form-title">
        <h3 id="prize-form-title">{values.id ? `${t('list.edit')}: ${values.name}` : t('prizes.add')}</h3>
        <NativeSelect
          label={t('prizes.door')}
          value={values.doorId}
          onChange={(event) => set('doorId', event.target.value)}
          options={[
            { value: '', label: t('prizes.grand') },
            ...doors.map((door) => ({
              value: door.id,
              label: t('prizes.forDoor', { day: door.day_number }),
            })),
          ]}
        />
        <Input
          label={t('prizes.name')}
          value={values.name}
          maxLength={200}
          onChange={(event) => set('name', event.target.value)}
          error={errors.name}
        />
        <Input
          label={t('prizes.description')}
          value={values.description}
          maxLength={2000}
          onChange={(event) => set('description', event.target.value)}
        />
        <div className={layout.grid}>
          <Input
            label={t('prizes.value')}
            inputMode="numeric"
            value={values.value}
            onChange={(event) => set('value', event.target.value)}
            error={errors.value}
          />
          <Input
            label={t('prizes.quantity')}
            inputMode="numeric"
            value={values.quantity}
            onChange={(event) => set('quantity', event.target.value)}
            error={errors.quantity}
          />
        </div>
        <label className={styles.checkbox}>
          <input
            type="checkbox"
            checked={values.drawnByChance}
            onChange={(event) => set('drawnByChance', event.target.checked)}
          />
          <span>
            {t('prizes.drawnByChance')}
            <br />
            <small className={layout.muted}>{t('prizes.drawnByChanceHint')}</small>
          </span>
        </label>
        {calendar.requires_purchase && values.drawnByChance ? (
          <p className={styles.warning} role="status">
            {t('prizes.lotteryWarning')}
          </p>
        ) : null}
        <FormStatus error={save.error} />
        <div className={layout.actions}>
          <Button ref={saveButton} type="submit" loading={save.isPending}>
            {t('prizes.save')}
          </Button>
          {values.id ? (
            <Button variant="ghost" onClick={() => setValues(EMPTY)}>
              {t('doors.close')}
            </Button>
          ) : null}
        </div>
      </form>
    </div>
  );
}
