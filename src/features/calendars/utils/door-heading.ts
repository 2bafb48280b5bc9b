/**
 * A door's heading: «Luke 5: Nissens verksted», or the title alone when it already names the door
 * («Luke 5: Nissens verksted» typed as the title), so a visitor never reads «Luke 5: Luke 5: …».
 * `label` is the translated door label («Luke 5», «Door 5»).
 */
export function doorHeading(label: string, title: string | null | undefined): string {
  const text = title?.trim();
  if (!text) return label;
  const rest = text.slice(label.length);
  const named = text.toLowerCase().startsWith(label.toLowerCase()) && !/^\d/.test(rest);
  return named ? text : `${label}: ${text}`;
}
