import { formatNumber } from './format';

/** A contrast ratio as the design checks say it: one decimal, Norwegian (`4,5`). */
export const formatRatio = (ratio: number) => formatNumber(Math.round(ratio * 10) / 10);
