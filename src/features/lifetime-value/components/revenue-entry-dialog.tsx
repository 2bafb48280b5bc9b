import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { DateField } from '@/components/date-field';
import { Dialog } from '@/components/dialog';
import { FormStatus } from '@/components/form-status';
import { Input } from '@/components/input';
import { NativeSelect } from '@/components/native-select';
import { notify } from '@/components/notification-store';
import { parseKronerToOre } from '@/lib/kroner';
import { VAT_RATES } from '@/lib/vat';
import { useAddRevenueEntry } from '../api/revenue-imports';

/** «Legg til omsetning»: a sale recorded by hand on one customer (amount incl. MVA). */
export function RevenueEntryDialog({
  lead,
  today,
  onClose,
}: {
  lead: { id: string; name: string } | null;
  today: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('lifetime-value');
  const add = useAddRevenueEntry();
  const [date, setDate] = useState(today);
  const [amount, setAmount] = useState('');
  const [vat, setVat] = useState(25);
  const [note, setNote] = useState('');
  const [tried, setTried] = useState(false);
  const amountOre = parseKronerToOre(amount);
  const amountError = amountOre === null || amountOre <= 0 ? t('entry.amountInvalid') : undefined;
  const dateError = date ? undefined : t('entry.dateInvalid');

  const close = () => {
    setAmount('');
    setNote('');
    setTried(false);
    add.reset();
    onClose();
  };

  const save = () => {
    setTried(true);
    if (!lead || amountError || dateError || amountOre === null) return;
    add.mutate(
      { leadId: lead.id, occurredOn: date, amountOre, vatRate: vat, note },
      {
        onSuccess: () => {
          notify({ tone: 'success', message: t('entry.saved', { name: lead.name }) });
          close();
        },
      },
    );
  };

  return (
    <Dialog
      open={lead !== null}
      onOpenChange={(open) => (open ? undefined : close())}
      title={t('entry.title', { name: lead?.name ?? '' })}
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            {t('import.cancel')}
          </Button>
          <Button type="submit" form="revenue-entry" loading={add.isPending}>
            {t('entry.save')}
          </Button>
        </>
      }
    >
      <form
        id="revenue-entry"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <DateField
          label={t('entry.date')}
          value={date}
          onChange={setDate}
          max={today}
          required
          error={tried ? dateError : undefined}
        />
        <Input
          label={t('entry.amount')}
          hint={t('entry.amountHint')}
          inputMode="decimal"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          error={tried ? amountError : undefined}
          required
        />
        <NativeSelect
          label={t('entry.vat')}
          value={String(vat)}
          onChange={(event) => setVat(Number(event.target.value))}
          options={VAT_RATES.map((rate) => ({ value: String(rate), label: `${rate} %` }))}
        />
        <Input
          label={t('entry.note')}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          maxLength={500}
        />
        <FormStatus error={add.error} />
      </form>
    </Dialog>
  );
}
