/**
 * The host name in what people paste for a site: `https://www.fjordror.no/kontakt` →
 * `www.fjordror.no`, `Fjordror.no:8080` → `fjordror.no`. Null when no host name is in it (the
 * database's rule: letters, digits and hyphens in dot-separated labels), so the form can say so.
 */
export function siteDomain(input: string): string | null {
  const text = input.trim();
  if (text === '') return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `http://${text}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  // An e-mail address (post@fjordror.no) is not a site's address.
  if (url.username || url.password) return null;
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  const label = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;
  if (host.length > 253 || !host.split('.').every((part) => label.test(part))) return null;
  return host;
}
