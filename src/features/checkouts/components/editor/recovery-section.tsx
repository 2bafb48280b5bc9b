import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import editor from '@/components/editor.module.css';
import { NativeSelect } from '@/components/native-select';
import layout from '@/components/page.module.css';
import { formatDate, formatMoney } from '@/lib/format';
import { paths } from '@/lib/paths';
import { editorCouponsQueryOptions, type CouponOption } from '../../api/get-checkout-editor';
import { offerable } from '../../utils/checkout-draft';
import styles from './checkout-editor.module.css';
import type { SectionProps } from './section-props';

/**
 * «Gjenoppretting»: whether a buyer who ticked «Send meg en påminnelse» and did not pay gets the three
 * e-mails (15 minutes, 6 hours, 24 hours), and the code the 6-hour one offers.
 */
export function RecoverySection({
  draft,
  change,
  checkoutId,
  organizationId,
}: SectionProps & { checkoutId: string; organizationId: string }) {
  const { t } = useTranslation('checkouts');
  const coupons = useQuery(editorCouponsQueryOptions(organizationId)).data ?? [];
  // The moment the section opened: a code expiring while it is open is caught by the e-mail job.
  const [now] = useState(() => Date.now());
  const choices = coupons.filter(
    (coupon) => offerable(coupon, checkoutId, now) || coupon.id === draft.recoveryCouponId,
  );
  const chosen = coupons.find((coupon) => coupon.id === draft.recoveryCouponId);
  const describe = (coupon: CouponOption) =>
    t('editor.recovery.couponOption', {
      code: coupon.code,
      discount: coupon.percentOff !== null ? `${coupon.percentOff} %` : formatMoney(coupon.amountOffOre ?? 0),
    }) + (coupon.expiresAt ? ` · ${t('editor.recovery.until', { date: formatDate(coupon.expiresAt) })}` : '');

  return (
    <div className={styles.column}>
      <p className={layout.muted}>{t('editor.recovery.intro')}</p>
      <label className={editor.checkbox}>
        <input
          type="checkbox"
          checked={draft.recovery}
          onChange={(event) => change((previous) => ({ ...previous, recovery: event.target.checked }))}
        />
        <span>{t('editor.recovery.enabled')}</span>
      </label>
      {draft.recovery ? (
        <>
          <NativeSelect
            label={t('editor.recovery.coupon')}
            hint={t('editor.recovery.couponHint')}
            value={draft.recoveryCouponId ?? ''}
            onChange={(event) =>
              change((previous) => ({ ...previous, recoveryCouponId: event.target.value || null }))
            }
            options={[
              { value: '', label: t('editor.recovery.noCoupon') },
              ...choices.map((coupon) => ({ value: coupon.id, label: describe(coupon) })),
            ]}
          />
          {chosen && !offerable(chosen, checkoutId, now) ? (
            <p className={styles.error} role="alert">
              {t('editor.recovery.couponInvalid', { code: chosen.code })}
            </p>
          ) : null}
          <p>
            <Link to={`${paths.checkouts}?fane=rabattkoder`}>{t('editor.recovery.manage')}</Link>
          </p>
        </>
      ) : (
        <p>{t('editor.recovery.off')}</p>
      )}
    </div>
  );
}
