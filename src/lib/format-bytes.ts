const UNITS = ['B', 'kB', 'MB', 'GB'] as const;

/** A file size the Norwegian way: «2,4 MB». */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1;
  return `${value.toLocaleString('nb-NO', { maximumFractionDigits: digits })} ${UNITS[unit]}`;
}
