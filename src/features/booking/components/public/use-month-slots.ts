import { useState } from 'react';
import { usePublicLoad } from '@/lib/public/use-public-load';
import { readSlots, type SlotDay } from './booking-api';
import { addMonths, monthRange } from './booking-time';

// How far ahead the month buttons go; the service's own window ends the slots sooner.
const MONTHS_AHEAD = 12;

/**
 * The free slots of a service, one Oslo month at a time (the function answers at most 62 days). A
 * first month with nothing left (its last days) shows the next one instead.
 */
export function useMonthSlots(solutionId: string, serviceId: string, today: string) {
  const first = today.slice(0, 7);
  const [month, setMonth] = useState(first);
  const key = `${serviceId}:${month}`;
  const { state, reload } = usePublicLoad(async (signal) => {
    const read = (wanted: string) =>
      readSlots({ solutionId, serviceId, ...monthRange(wanted, today) }, signal);
    const days = await read(month);
    if (days.length > 0 || month !== first) return { key, month, days };
    const next = addMonths(first, 1);
    return { key, month: next, days: await read(next) };
  }, key);
  // The load keeps the last month's answer while the next one comes: that one is not this month's.
  const loaded = state.status === 'ready' && state.data.key === key ? state.data : null;
  const status: 'loading' | 'ready' | { code: string } =
    state.status === 'failed' ? { code: state.code } : loaded ? 'ready' : 'loading';
  const days: SlotDay[] = loaded?.days ?? [];
  return {
    month: loaded?.month ?? month,
    status,
    days,
    reload,
    earliest: first,
    latest: addMonths(first, MONTHS_AHEAD),
    setMonth,
    dayOf: (date: string | null) => days.find((day) => day.date === date) ?? null,
  };
}

export type MonthSlots = ReturnType<typeof useMonthSlots>;
