import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '@/components/date-field';
import figureStyles from '@/components/figures-tab.module.css';
import { FormStatus } from '@/components/form-status';
import { SkeletonText } from '@/components/skeleton';
import { Table, type TableColumn } from '@/components/table';
import { addDays, formatNumber, osloDayStart } from '@/lib/format';
import { formatRate } from '@/lib/format-rate';
import { useDayRange } from '@/lib/use-day-range';
import { bookingsQueryOptions } from '../../api/get-bookings';
import type { BookingSolutionSetup } from '../../api/types';
import {
  bookingFigures,
  serviceUtilisation,
  staffUtilisation,
  type UtilisationRow,
} from '../../utils/figures';
import styles from './figures.module.css';

const hours = (minutes: number) => formatNumber(Math.round((minutes / 60) * 10) / 10);

/**
 * «Tall»: for a period of Oslo days (the last 30 first) the no-shows, cancellations and lead time,
 * then utilisation per staff member and per service, each a bar in a table that says the numbers.
 */
export function FiguresSection({ solution }: { solution: BookingSolutionSetup }) {
  const { t } = useTranslation('booking');
  const { from, to, setFrom, setTo, range, backwards } = useDayRange();
  const bookings = useQuery(
    bookingsQueryOptions(
      solution.id,
      osloDayStart(range.from).toISOString(),
      osloDayStart(addDays(range.to, 1)).toISOString(),
    ),
  );
  const data = bookings.data;
  const [now] = useState(() => Date.now());
  const figures = data ? bookingFigures(data, now) : null;

  const columns = (kind: 'staff' | 'service'): TableColumn<UtilisationRow>[] => [
    { key: 'name', header: t(`figures.${kind}`), card: 'title', cell: (row) => row.name },
    {
      key: 'bar',
      header: t(kind === 'staff' ? 'figures.utilisation' : 'figures.share'),
      cell: (row) => (
        <span className={styles.barCell}>
          <span className={styles.bar} aria-hidden>
            <span style={{ inlineSize: `${Math.min((row.rate ?? 0) * 100, 100)}%` }} />
          </span>
          {formatRate(row.rate)}
        </span>
      ),
      compare: (a, b) => (a.rate ?? 0) - (b.rate ?? 0),
    },
    {
      key: 'bookings',
      header: t('figures.bookings'),
      align: 'end',
      cell: (row) => formatNumber(row.bookings),
    },
    {
      key: 'hours',
      header: kind === 'staff' ? t('figures.bookedOfOpen') : t('figures.bookedHours'),
      align: 'end',
      cell: (row) =>
        row.availableMinutes === null
          ? hours(row.bookedMinutes)
          : t('figures.hoursOf', { booked: hours(row.bookedMinutes), open: hours(row.availableMinutes) }),
    },
  ];

  return (
    <div className={figureStyles.view}>
      <div className={figureStyles.range}>
        <DateField label={t('figures.from')} value={from} onChange={setFrom} max={to || undefined} />
        <DateField label={t('figures.to')} value={to} onChange={setTo} min={from || undefined} />
      </div>
      {backwards ? <FormStatus tone="info">{t('figures.rangeBackwards')}</FormStatus> : null}
      <FormStatus error={bookings.error} />
      {bookings.isPending ? <SkeletonText lines={6} /> : null}
      {data && figures ? (
        <>
          <dl className={figureStyles.figures} aria-label={t('figures.totals')}>
            {[
              { key: 'total', term: t('figures.total'), value: formatNumber(figures.total) },
              {
                key: 'noShows',
                term: t('figures.noShows'),
                value: t('figures.countRate', {
                  count: formatNumber(figures.noShows),
                  rate: formatRate(figures.noShowRate),
                }),
              },
              {
                key: 'cancellations',
                term: t('figures.cancellations'),
                value: t('figures.countRate', {
                  count: formatNumber(figures.cancellations),
                  rate: formatRate(figures.cancellationRate),
                }),
              },
              {
                key: 'leadTime',
                term: t('figures.leadTime'),
                hint: t('figures.leadTimeHint'),
                value:
                  figures.leadTimeDays === null
                    ? '–'
                    : t('figures.days', { days: formatNumber(Math.round(figures.leadTimeDays * 10) / 10) }),
              },
            ].map((item) => (
              <div key={item.key}>
                <dt>
                  {item.term}
                  {item.hint ? <span className={figureStyles.hint}>{item.hint}</span> : null}
                </dt>
                <dd>{item.value}</dd>
              </div>
            ))}
          </dl>
          <section className={figureStyles.section} aria-labelledby="booking-staff-figures">
            <h2 id="booking-staff-figures">{t('figures.staffTitle')}</h2>
            <p className={figureStyles.hint}>{t('figures.staffHint')}</p>
            <Table
              caption={t('figures.staffTitle')}
              hideCaption
              columns={columns('staff')}
              rows={staffUtilisation(
                solution.staff,
                data,
                range.from,
                range.to,
                solution.availability,
                solution.exceptions,
              )}
              rowKey={(row) => row.id}
              empty={t('figures.noStaff')}
            />
          </section>
          <section className={figureStyles.section} aria-labelledby="booking-service-figures">
            <h2 id="booking-service-figures">{t('figures.serviceTitle')}</h2>
            <Table
              caption={t('figures.serviceTitle')}
              hideCaption
              columns={columns('service')}
              rows={serviceUtilisation(solution.services, data)}
              rowKey={(row) => row.id}
              empty={t('figures.noServices')}
            />
          </section>
        </>
      ) : null}
    </div>
  );
}
