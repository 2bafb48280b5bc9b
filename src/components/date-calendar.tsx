import { useState } from 'react';
import { DayPicker } from 'react-day-picker';
import { enGB, nb } from 'react-day-picker/locale';
import { useTranslation } from 'react-i18next';
import 'react-day-picker/style.css';
import styles from '@/components/date-calendar.module.css';
import { osloDateKey } from '@/lib/format';

const pad = (value: number) => String(value).padStart(2, '0');

// The picker counts in the machine's own days; noon keeps a date key on its day in every zone.
const toDate = (key: string) => {
  const [year = 0, month = 1, day = 1] = key.split('-').map(Number);
  return new Date(year, month - 1, day, 12);
};
const toKey = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

export type DateCalendarProps = {
  /** `yyyy-mm-dd` or empty. */
  selected: string;
  min?: string | undefined;
  max?: string | undefined;
  showWeekNumber?: boolean | undefined;
  onPick: (key: string) => void;
};

/**
 * The month grid of the date field, in its own chunk so react-day-picker and date-fns load only when
 * a calendar is opened. Norwegian names (English ones when the interface is in English), weeks from
 * Monday with ISO week numbers, today as it is in Oslo. Its keyboard is react-day-picker's: arrows
 * move a day or a week, PageUp/PageDown a month, Home/End the week's ends, Enter picks.
 */
export function DateCalendar({ selected, min, max, showWeekNumber = false, onPick }: DateCalendarProps) {
  const { i18n } = useTranslation();
  const [today] = useState(() => toDate(osloDateKey(Date.now())));
  const selectedDate = selected ? toDate(selected) : undefined;
  const first = min ? toDate(min) : undefined;
  const last = max ? toDate(max) : undefined;
  const shown = selectedDate ?? (first && today < first ? first : last && today > last ? last : today);

  return (
    <DayPicker
      mode="single"
      className={styles.calendar}
      locale={i18n.language === 'en' ? enGB : nb}
      ISOWeek
      showWeekNumber={showWeekNumber}
      today={today}
      selected={selectedDate}
      defaultMonth={shown}
      startMonth={first}
      endMonth={last}
      disabled={[...(first ? [{ before: first }] : []), ...(last ? [{ after: last }] : [])]}
      onSelect={(_selected, day) => onPick(toKey(day))}
      // The user opened the calendar: focus goes to its chosen day (or today), as in a date dialog.
      // eslint-disable-next-line jsx-a11y/no-autofocus -- focus moves into a popover the user asked for
      autoFocus
    />
  );
}
