import { useEffect, useState } from 'react';
import { RESEND_COOL_DOWN_SECONDS } from '../constants';

/** A cool-down in whole seconds, ticking once a second while it runs; `start` begins a new one. */
export function useCoolDown(): [secondsLeft: number, start: () => void] {
  const [clock, setClock] = useState<{ until: number; now: number } | null>(null);
  const running = clock !== null && clock.until > clock.now;
  useEffect(() => {
    if (!running) return undefined;
    const timer = setInterval(
      () => setClock((previous) => previous && { ...previous, now: Date.now() }),
      1000,
    );
    return () => clearInterval(timer);
  }, [running]);
  const secondsLeft = clock ? Math.max(0, Math.ceil((clock.until - clock.now) / 1000)) : 0;
  const start = () => {
    const now = Date.now();
    setClock({ until: now + RESEND_COOL_DOWN_SECONDS * 1000, now });
  };
  return [secondsLeft, start];
}
