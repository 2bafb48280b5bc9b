import { LOCALE } from '@/lib/format';

const percent = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** A rate 0–1 as «12,3 %»; «–» when there is none (no views). */
export const formatRate = (rate: number | null) => (rate === null ? '–' : `${percent.format(rate * 100)} %`);

/** A relative change as «+12,3 %» / «−4,0 %». */
export const formatUplift = (uplift: number) =>
  `${uplift > 0 ? '+' : uplift < 0 ? '−' : ''}${percent.format(Math.abs(uplift) * 100)} %`;
