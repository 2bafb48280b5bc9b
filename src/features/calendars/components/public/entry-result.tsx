import { useEffect, useRef } from 'react';
import type { EntryResult } from '../../types';
import styles from './calendar-public.module.css';
import { useCalendarTexts } from './calendar-texts';

export type EntryResultViewProps =
  { kind: 'entry'; result: EntryResult } | { kind: 'register'; outcome: 'registered' };

/**
 * What came of entering: right or wrong, the voucher code, «already entered»; or of pre-registering.
 * Focus moves here when it appears, so a screen reader reads it and a keyboard user continues from it.
 */
export function EntryResultView(props: EntryResultViewProps) {
  const { t } = useCalendarTexts();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  if (props.kind === 'register')
    return (
      <div className={styles.result} role="status">
        <h2 className={styles.heading} ref={heading} tabIndex={-1}>
          {t('result.registered')}
        </h2>
      </div>
    );

  const { result } = props;
  return (
    <div className={styles.result}>
      <h2 className={styles.heading} ref={heading} tabIndex={-1}>
        {t('result.heading')}
      </h2>
      {result.is_correct === true ? <p className={styles.success}>{t('result.correct')}</p> : null}
      {result.is_correct === false ? <p>{t('result.wrong')}</p> : null}
      {result.voucher_code ? (
        <p>
          {t('result.voucher')}: <span className={styles.voucher}>{result.voucher_code}</span>
        </p>
      ) : null}
      <p>{t('result.nextDoor')}</p>
    </div>
  );
}
