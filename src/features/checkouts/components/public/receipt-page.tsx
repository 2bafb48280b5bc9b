import { useEffect, useState } from 'react';
import { PageStatus } from '@/components/public/page-status';
import { PublicPage } from '@/components/public/public-page';
import ui from '@/components/public/public-ui.module.css';
import { osloLongDate, osloTime } from '@/lib/public/oslo-time';
import { useDocumentTitle } from '@/lib/public/use-document-title';
import { usePublicLoad } from '@/lib/public/use-public-load';
import type { Receipt } from '@/lib/receipts/types';
import { loadCheckoutReceipt } from '../../api/checkout-receipt';
import { useCheckoutStatusTexts, useCheckoutTexts } from './checkout-texts';
import { SellerBlock } from './checkout-view';
import styles from './checkout.module.css';
import { formatKroner } from './totals';

/** The rates of a receipt, from its lines when the answer has no sum per rate. */
function vatPerRate(items: { vat_rate: number; vat_ore: number }[]) {
  const byRate = new Map<number, number>();
  for (const item of items) byRate.set(item.vat_rate, (byRate.get(item.vat_rate) ?? 0) + item.vat_ore);
  return [...byRate].map(([rate, vat_ore]) => ({ rate, vat_ore })).sort((a, b) => b.rate - a.rate);
}

/**
 * The receipt page (`/kasse/kvittering?ordre=…&token=…`, the e-mail's link): the thank-you, the
 * seller, the lines with MVA per rate, the total, the card, the order number and the date in Oslo;
 * or, for a paid order of a checkout with its own page after paying, on to that page.
 */
export function ReceiptPage({ orderId, token }: { orderId: string | null; token: string | null }) {
  const { t, language } = useCheckoutTexts();
  const statusTexts = useCheckoutStatusTexts();
  const { state, reload } = usePublicLoad(
    (signal) =>
      orderId && token
        ? loadCheckoutReceipt(orderId, token, signal)
        : Promise.reject(Object.assign(new Error(), { code: 'missing-id' })),
    `${orderId}:${token}`,
  );
  const receipt = state.status === 'ready' ? state.data : null;
  useDocumentTitle(
    receipt ? t('titles.receipt', { seller: receipt.seller.name }) : t('titles.receiptFallback'),
  );
  const redirect = receipt?.status === 'paid' ? receipt.redirect_url : null;
  useEffect(() => {
    if (redirect) window.location.replace(redirect);
  }, [redirect]);
  const kr = (ore: number) => formatKroner(ore, language);
  const [pdfFailed, setPdfFailed] = useState(false);

  async function download(entry: Receipt) {
    setPdfFailed(false);
    try {
      const { downloadPublicReceiptPdf } = await import('@/lib/receipts/download-public-receipt-pdf');
      await downloadPublicReceiptPdf(entry, receipt?.number ?? 0, language);
    } catch {
      setPdfFailed(true);
    }
  }

  if (!receipt)
    return (
      <PublicPage>
        <PageStatus
          {...statusTexts}
          loadingText={t('receipt.loading')}
          pageHeading
          status={state.status === 'failed' ? { code: state.code } : 'loading'}
          onRetry={reload}
        />
      </PublicPage>
    );
  if (redirect)
    return (
      <PublicPage>
        <p className={ui.panel} role="status">
          {t('receipt.redirecting')}
        </p>
      </PublicPage>
    );

  const moment = receipt.paid_at ?? receipt.created_at;
  const statusKey = `receipt.statuses.${receipt.status}`;
  const document = receipt.document;
  // The seller block as the receipt e-mail has it (bokføringsforskriften § 5-1).
  const sellerDetails = document
    ? [
        `${document.seller_street_address}, ${document.seller_postal_code} ${document.seller_city}`,
        t(document.seller_vat_registered ? 'seller.organizationNumberVat' : 'seller.organizationNumber', {
          number: document.seller_organization_number.replace(/^(\d{3})(\d{3})(\d{3})$/, '$1 $2 $3'),
        }),
        ...(document.seller_foretaksregisteret ? [t('seller.foretaksregisteret')] : []),
      ]
    : [];
  return (
    <PublicPage>
      <div className={styles.page}>
        <header className={styles.section}>
          <h1 className={ui.title}>{receipt.thank_you?.heading ?? t('receipt.heading')}</h1>
          <p className={styles.description}>{receipt.thank_you?.text ?? t('receipt.text')}</p>
          {receipt.status !== 'paid' ? (
            <p className={styles.badge}>
              {t('receipt.status', { status: t.has(statusKey) ? t(statusKey) : receipt.status })}
            </p>
          ) : null}
        </header>
        <section className={styles.section} aria-labelledby="receipt-lines">
          {document ? (
            <p className={ui.plain}>{t('receipt.documentNumber', { number: document.number })}</p>
          ) : null}
          <dl className={styles.totals}>
            <dt>{t('receipt.orderNumber')}</dt>
            <dd>{receipt.number}</dd>
            <dt>{t('receipt.date')}</dt>
            <dd>
              {osloLongDate(moment, language)} {osloTime(moment, language)}
            </dd>
          </dl>
          <h2 id="receipt-lines" className={ui.heading}>
            {t('receipt.lines')}
          </h2>
          <dl className={styles.totals}>
            {receipt.items.map((item, index) => (
              <LineRow key={index} label={`${item.quantity} × ${item.name}`} value={kr(item.total_ore)} />
            ))}
            {receipt.discount_ore > 0 ? (
              <LineRow label={t('receipt.discount')} value={`−${kr(receipt.discount_ore)}`} />
            ) : null}
            <dt className={styles.grand}>{t('receipt.total')}</dt>
            <dd className={styles.grand}>{kr(receipt.total_ore)}</dd>
            {(receipt.vat ?? vatPerRate(receipt.items)).map((entry) => (
              <LineRow
                key={entry.rate}
                label={t('summary.vatIncluded', { rate: entry.rate })}
                value={kr(entry.vat_ore)}
              />
            ))}
          </dl>
          {receipt.card_last4 ? (
            <p className={ui.plain}>{t('receipt.card', { last4: receipt.card_last4 })}</p>
          ) : null}
          {document ? (
            <ul className={styles.downloads}>
              {[document, ...(receipt.creditNotes ?? [])].map((entry) => (
                <li key={entry.id}>
                  <button
                    type="button"
                    className={`${ui.button} ${ui.secondary}`}
                    onClick={() => void download(entry)}
                  >
                    {t(entry.kind === 'credit_note' ? 'receipt.creditNotePdf' : 'receipt.pdf', {
                      number: entry.number,
                    })}
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          {pdfFailed ? <p role="alert">{t('receipt.pdfFailed')}</p> : null}
          {receipt.creditNotes?.length ? (
            <>
              <h2 id="receipt-credit-notes" className={ui.heading}>
                {t('receipt.creditNotes')}
              </h2>
              <ul className={ui.plain} aria-labelledby="receipt-credit-notes">
                {receipt.creditNotes.map((note) => (
                  <li key={note.number}>
                    {t('receipt.creditNote', { number: note.number, amount: kr(note.total_ore) })}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </section>
        <footer className={styles.section}>
          <SellerBlock
            seller={document ? { ...receipt.seller, organization_number: null } : receipt.seller}
            details={sellerDetails}
          />
        </footer>
      </div>
    </PublicPage>
  );
}

function LineRow({ label, value }: { label: string; value: string }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </>
  );
}
