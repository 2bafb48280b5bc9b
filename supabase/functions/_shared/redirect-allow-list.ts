/**
 * Where a sign-in link may send the user afterwards — GoTrue's rules, tightened:
 *
 * - The URL must be absolute http(s), without user info (`https://app@evil.example`), backslashes,
 *   whitespace or control characters. `javascript:`, `data:` and protocol-relative `//host` never pass.
 * - It passes when its origin is SITE_URL's origin, or when the whole URL (normalized by the URL
 *   parser: lower-case host, default port dropped) matches one of the allow-list's globs — the syntax
 *   of GoTrue's `additional_redirect_urls` (gobwas/glob with separators `.` and `/`): `*` is any run of
 *   characters without `.` or `/`, `**` any run at all, `?` one character that is not a separator,
 *   `{a,b}` alternatives, `[abc]` / `[a-z]` / `[!abc]` a character class.
 * - Unlike GoTrue, a host equal to SITE_URL's on another port does not pass: a port is another origin.
 *
 * Marketplace hosts (marketplaces_urls) are checked by the caller with `marketplaceHostCandidate`.
 */

export interface RedirectAllowList {
  /** The parsed URL when allowed by SITE_URL or a glob, else null. */
  match(redirectTo: string): URL | null;
}

/** Parses a redirect target strictly; null for anything that is not a plain absolute http(s) URL. */
export function parseRedirect(value: string): URL | null {
  // Whitespace, control characters and backslashes are where parsers disagree; a real link has none.
  // deno-lint-ignore no-control-regex
  if (/[\s\\\u0000-\u001f\u007f]/.test(value)) return null;
  if (!/^https?:\/\/[^/]/i.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const authority = value.replace(/^https?:\/\//i, '').split(/[/?#]/)[0] ?? '';
  if (url.username !== '' || url.password !== '' || authority.includes('@')) return null;
  if (url.hostname === '') return null;
  return url;
}

const SEPARATORS = './';

function escapeRegex(char: string): string {
  return /[\\^$.*+?()[\]{}|/-]/.test(char) ? `\\${char}` : char;
}

/** A GoTrue-style glob as an anchored regular expression. */
export function globToRegExp(pattern: string): RegExp {
  const notSeparator = `[^${SEPARATORS.split('').map(escapeRegex).join('')}]`;
  let out = '';
  let braces = 0;
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i]!;
    if (char === '*') {
      if (pattern[i + 1] === '*') {
        out += '.*';
        i++;
      } else {
        out += `${notSeparator}*`;
      }
    } else if (char === '?') {
      out += notSeparator;
    } else if (char === '{') {
      braces++;
      out += '(?:';
    } else if (char === '}' && braces > 0) {
      braces--;
      out += ')';
    } else if (char === ',' && braces > 0) {
      out += '|';
    } else if (char === '[') {
      const end = pattern.indexOf(']', i + 2);
      if (end === -1) {
        out += '\\[';
        continue;
      }
      let body = pattern.slice(i + 1, end);
      const negate = body.startsWith('!');
      if (negate) body = body.slice(1);
      const escaped = body.replace(/[\\\]^]/g, (c) => `\\${c}`);
      out += negate ? `[^${escaped}${SEPARATORS.split('').map(escapeRegex).join('')}]` : `[${escaped}]`;
      i = end;
    } else if (char === '\\' && i + 1 < pattern.length) {
      out += escapeRegex(pattern[i + 1]!);
      i++;
    } else {
      out += escapeRegex(char);
    }
  }
  if (braces > 0) throw new Error(`unbalanced braces in redirect pattern ${pattern}`);
  return new RegExp(`^${out}$`);
}

/** `REDIRECT_ALLOW_LIST` (comma-separated globs; commas inside `{…}` belong to the glob). */
export function splitAllowList(value: string | undefined): string[] {
  if (!value) return [];
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of value) {
    if (char === '{') depth++;
    if (char === '}') depth = Math.max(0, depth - 1);
    if (char === ',' && depth === 0) {
      parts.push(current);
      current = '';
    } else {
      current += char;
    }
  }
  parts.push(current);
  return parts.map((part) => part.trim()).filter((part) => part !== '');
}

export function createRedirectAllowList(
  siteUrl: string | undefined,
  patterns: readonly string[],
): RedirectAllowList {
  let siteOrigin: string | null = null;
  if (siteUrl) {
    try {
      siteOrigin = new URL(siteUrl).origin;
    } catch {
      siteOrigin = null;
    }
  }
  const globs = patterns.flatMap((pattern) => {
    try {
      return [globToRegExp(pattern)];
    } catch {
      return [];
    }
  });
  return {
    match(redirectTo) {
      const url = parseRedirect(redirectTo);
      if (!url) return null;
      if (siteOrigin !== null && url.origin === siteOrigin) return url;
      return globs.some((glob) => glob.test(url.href)) ? url : null;
    },
  };
}

/**
 * The host name to look up in marketplaces_urls, when the URL has the shape a marketplace link may
 * have: `https://host` (default port), or `http(s)://host[:port]` for `localhost` and `*.localhost`.
 */
export function marketplaceHostCandidate(redirectTo: string): { url: URL; host: string } | null {
  const url = parseRedirect(redirectTo);
  if (!url) return null;
  const host = url.hostname;
  const local = host === 'localhost' || host.endsWith('.localhost');
  if (local) return { url, host };
  if (url.protocol !== 'https:' || url.port !== '') return null;
  return { url, host };
}
