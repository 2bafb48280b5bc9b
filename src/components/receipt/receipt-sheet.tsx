import type { ReactNode } from 'react';
import { amountList } from '@/components/amount-list';
import type { ReceiptSection } from '@/lib/receipts/receipt-sections';
import styles from './receipt-sheet.module.css';

/**
 * A numbered document in a dialog (a receipt or a credit note): «Skriv ut» prints this sheet alone,
 * the app behind the dialog left out.
 */
export function ReceiptSheet({ children }: { children: ReactNode }) {
  return (
    <div className={styles.sheet} data-receipt="">
      {children}
    </div>
  );
}

/** The document's sections as the PDF has them: headings, lines, and label–value rows. */
export function ReceiptSections({ sections }: { sections: readonly ReceiptSection[] }) {
  return sections.map((section, index) => (
    <div key={index}>
      {section.heading ? <h3 className={styles.heading}>{section.heading}</h3> : null}
      {section.text?.map((line, lineIndex) => (
        <p key={lineIndex} className={styles.line}>
          {line}
        </p>
      ))}
      {section.rows ? (
        <dl className={amountList.list}>
          {section.rows.map(([label, value, strong]) => (
            <div key={label} className={styles.row}>
              <dt className={strong ? amountList.total : undefined}>{label}</dt>
              <dd className={strong ? amountList.total : undefined}>{value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </div>
  ));
}
