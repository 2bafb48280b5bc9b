/** Amounts as people in Norway type and read them in a form field, and øre as the database stores them. */

/** Kroner as typed in Norway (250, 249,50, 1 000) → øre, or null when it is not an amount. */
export function parseKronerToOre(value: string): number | null {
  const normalized = value
    .replace(/[\s\u00a0]/g, '')
    .replace(/kr$/i, '')
    .replace(',', '.');
  if (normalized === '') return 0;
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(normalized)) return null;
  return Math.round(Number(normalized) * 100);
}

export const oreToKroner = (ore: number) =>
  ore % 100 === 0 ? String(ore / 100) : (ore / 100).toFixed(2).replace('.', ',');
