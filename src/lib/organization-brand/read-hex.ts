/**
 * `#rrggbb` in lower case from a colour code as typed or pasted (with or without `#`), or null. Not in
 * src/lib/contrast.ts: the public pages load that one and need no parsing of what people type.
 */
export function readHex(value: string): string | null {
  const match = /^#?([0-9a-f]{6})$/i.exec(value.trim());
  return match?.[1] ? `#${match[1].toLowerCase()}` : null;
}
