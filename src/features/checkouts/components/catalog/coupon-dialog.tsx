import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { DateTimeField } from '@/components/date-time-field';
import { Dialog } from '@/components/dialog';
import editor from '@/components/editor.module.css';
import { Form } from '@/components/form';
import { FormStatus } from '@/components/form-status';
import { Input } from '@/components/input';
import { NativeSelect } from '@/components/native-select';
import { notify } from '@/components/notification-store';
import layout from '@/components/page.module.css';
import { AppError } from '@/lib/errors';
import type { CheckoutListItem } from '../../api/checkout-list';
import { type CatalogCoupon, useSaveCoupon } from '../../api/coupons';
import {
  couponFormOf,
  emptyCouponForm,
  typedCode,
  validateCouponForm,
  type CouponFormErrors,
  type CouponFormValues,
  type CouponKind,
} from '../../utils/coupon-form';

type CouponDialogProps = {
  organizationId: string;
  /** The code to change, or null for «Ny rabattkode». */
  coupon: CatalogCoupon | null;
  checkouts: readonly CheckoutListItem[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

const KINDS: CouponKind[] = ['percent', 'amount'];

/** «Ny rabattkode» or a code's changes: mounted per opening, so it starts from the code. */
export function CouponDialog({ organizationId, coupon, checkouts, open, onOpenChange }: CouponDialogProps) {
  const { t } = useTranslation('checkouts');
  const title = coupon
    ? t('coupons.dialog.editTitle', { code: coupon.code })
    : t('coupons.dialog.createTitle');
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title}>
      {open ? (
        <CouponForm
          organizationId={organizationId}
          coupon={coupon}
          checkouts={checkouts}
          title={title}
          onDone={() => onOpenChange(false)}
        />
      ) : null}
    </Dialog>
  );
}

function CouponForm({
  organizationId,
  coupon,
  checkouts,
  title,
  onDone,
}: {
  organizationId: string;
  coupon: CatalogCoupon | null;
  checkouts: readonly CheckoutListItem[];
  title: string;
  onDone: () => void;
}) {
  const { t } = useTranslation('checkouts');
  const save = useSaveCoupon(organizationId);
  const [initial] = useState<CouponFormValues>(() => (coupon ? couponFormOf(coupon) : emptyCouponForm()));
  const [values, setValues] = useState<CouponFormValues>(initial);
  const [errors, setErrors] = useState<CouponFormErrors>({});
  const set = (patch: Partial<CouponFormValues>) => setValues((previous) => ({ ...previous, ...patch }));
  const uses = coupon?.uses ?? 0;
  const errorOf = (field: keyof CouponFormErrors) => {
    const key = errors[field];
    return key ? t(`coupons.errors.${key}`, { uses }) : undefined;
  };

  // The unique key said no: the code is taken, which belongs on the code field.
  const codeTaken = save.error instanceof AppError && save.error.code === 'already-exists';
  const codeError = errorOf('code') ?? (codeTaken ? t('coupons.errors.codeTaken') : undefined);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validateCouponForm(values, { uses, initialExpires: initial.expires });
    setErrors(checked.errors);
    const input = checked.input;
    if (!input) return;
    save.mutate(
      { id: coupon?.id ?? null, input },
      {
        onSuccess: () => {
          notify({
            message: t(coupon ? 'coupons.dialog.saved' : 'coupons.dialog.created', { code: input.code }),
            tone: 'success',
          });
          onDone();
        },
      },
    );
  };

  // Archived checkouts take no orders; one stays listed while this code is tied to it.
  const checkoutOptions = [
    { value: '', label: t('coupons.allCheckouts') },
    ...checkouts
      .filter((checkout) => checkout.status !== 'archived' || checkout.id === values.checkoutId)
      .map((checkout) => ({ value: checkout.id, label: checkout.name })),
  ];

  return (
    <Form onSubmit={submit} aria-label={title}>
      <Input
        label={t('coupons.dialog.code')}
        hint={t('coupons.dialog.codeHint')}
        value={values.code}
        onChange={(event) => {
          set({ code: typedCode(event.target.value) });
          if (codeTaken) save.reset();
        }}
        error={codeError}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={40}
      />
      <fieldset className={editor.fieldset}>
        <legend>{t('coupons.dialog.kind')}</legend>
        <div className={editor.rowActions}>
          {KINDS.map((kind) => (
            <label key={kind} className={editor.checkbox}>
              <input
                type="radio"
                name="coupon-kind"
                value={kind}
                checked={values.kind === kind}
                onChange={() => set({ kind })}
              />
              {t(`coupons.dialog.kinds.${kind}`)}
            </label>
          ))}
        </div>
        {values.kind === 'percent' ? (
          <Input
            label={t('coupons.dialog.percent')}
            value={values.percent}
            inputMode="numeric"
            autoComplete="off"
            onChange={(event) => set({ percent: event.target.value })}
            error={errorOf('percent')}
          />
        ) : (
          <Input
            label={t('coupons.dialog.amount')}
            hint={t('coupons.dialog.amountHint')}
            value={values.amount}
            inputMode="decimal"
            autoComplete="off"
            onChange={(event) => set({ amount: event.target.value })}
            error={errorOf('amount')}
          />
        )}
      </fieldset>
      <NativeSelect
        label={t('coupons.dialog.checkout')}
        options={checkoutOptions}
        value={values.checkoutId}
        onChange={(event) => set({ checkoutId: event.target.value })}
      />
      <DateTimeField
        legend={t('coupons.dialog.expires')}
        hint={t('coupons.dialog.expiresHint')}
        value={values.expires}
        error={errorOf('expires')}
        onChange={(expires) => set({ expires })}
      />
      <Input
        label={t('coupons.dialog.maxUses')}
        hint={coupon ? t('coupons.dialog.maxUsesHintUsed', { uses }) : t('coupons.dialog.maxUsesHint')}
        value={values.maxUses}
        inputMode="numeric"
        autoComplete="off"
        onChange={(event) => set({ maxUses: event.target.value })}
        error={errorOf('maxUses')}
      />
      <FormStatus error={codeTaken ? null : save.error} />
      <div className={layout.actions}>
        <Button type="submit" loading={save.isPending}>
          {coupon ? t('coupons.dialog.save') : t('coupons.dialog.create')}
        </Button>
        <Button type="button" variant="secondary" onClick={onDone}>
          {t('coupons.dialog.cancel')}
        </Button>
      </div>
    </Form>
  );
}
