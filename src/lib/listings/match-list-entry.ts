/** The entry of `list` that `text` names but for case and spaces («rørlegger» → «Rørlegger»), else ''. */
export function matchListEntry(list: readonly string[], text: string | null | undefined): string {
  const wanted = (text ?? '').trim().replace(/\s+/g, ' ').toLocaleLowerCase('nb');
  if (!wanted) return '';
  return list.find((entry) => entry.toLocaleLowerCase('nb') === wanted) ?? '';
}
