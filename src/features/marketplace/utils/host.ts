/** A host name as marketplaces_urls stores it: lower-case, no scheme, path or port. */
export function normalizeHost(value: string): string {
  let host = value.trim().toLowerCase();
  host = host.replace(/^[a-z]+:\/\//, '');
  host = host.split(/[/?#]/)[0] ?? '';
  return host.replace(/:\d+$/, '').replace(/\.$/, '');
}

export const HOST_PATTERN =
  /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$|^localhost$/;
