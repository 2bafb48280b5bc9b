/**
 * A rules template with a campaign's facts filled in for its `{{name}}` fields. A fact not known yet
 * stays as a visible `[label]` for the organization to fill in, rather than an empty gap that reads
 * as finished.
 */
export function fillTemplate<Key extends string>(
  template: string,
  values: Partial<Record<Key, string>>,
  labels: Record<Key, string>,
): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => {
    if (!(name in labels)) return whole;
    const key = name as Key;
    const value = values[key]?.trim();
    if (value) return value;
    return `[${labels[key]}]`;
  });
}
