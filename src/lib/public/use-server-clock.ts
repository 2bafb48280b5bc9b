import { useEffect, useState } from 'react';

/**
 * The database's time now, ticking each second, from `offset` (its clock minus the visitor's, taken
 * when the page's data came): a visitor whose own clock is wrong still sees the countdown and door
 * states the database judges entries by. Null until there is an offset.
 */
export function useServerClock(offset: number | null): Date | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return offset === null ? null : new Date(now + offset);
}
