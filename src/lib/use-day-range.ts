import { useState } from 'react';
import { addDays, osloDateKey } from './format';

/**
 * A range of Oslo days for a figures screen: the last `days` days (today included) first; the two
 * date fields' values, and the last range that reads (both set, not backwards), which the query uses,
 * so a half-typed or backwards range keeps the figures shown.
 */
export function useDayRange(days = 30) {
  const today = osloDateKey(new Date());
  const [from, setFrom] = useState(() => addDays(today, 1 - days));
  const [to, setTo] = useState(today);
  const valid = from !== '' && to !== '' && from <= to;
  const [range, setRange] = useState({ from, to });
  if (valid && (range.from !== from || range.to !== to)) setRange({ from, to });
  return { from, to, setFrom, setTo, range, backwards: from !== '' && to !== '' && !valid };
}
