/** «Tråkkerne» → «T», «Rørlegger-rytterne» → «RR», «Team Sør Vest» → «TS». */
export function teamInitials(name: string): string {
  const words = name
    .trim()
    .split(/[\s-]+/)
    .filter(Boolean);
  return words
    .slice(0, 2)
    .map((word) => Array.from(word)[0]?.toUpperCase() ?? '')
    .join('');
}
