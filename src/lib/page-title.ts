import type { i18n as I18n } from 'i18next';

/**
 * Where titles live: a signed-in screen's in `member` (loaded with every route that requires sign-in,
 * src/app/router.tsx), every other screen's in `common`.
 */
const TITLE_NAMESPACES = ['member', 'common'] as const;

/**
 * The document title of a screen, «Leads · Leadtorget»: every page its own (WCAG 2.4.2), so tabs,
 * history and screen readers tell screens apart. Titles are per route name (`pageTitles`).
 */
export function pageTitle(i18n: Pick<I18n, 't' | 'exists'>, routeName: string | undefined): string {
  const ns = routeName
    ? TITLE_NAMESPACES.find((namespace) => i18n.exists(`pageTitles.${routeName}`, { ns: namespace }))
    : undefined;
  const titles: Record<string, string | undefined> = ns
    ? i18n.t('pageTitles', { ns, returnObjects: true })
    : {};
  const title = routeName ? titles[routeName] : undefined;
  return title ? `${title} · ${i18n.t('appName')}` : i18n.t('appName');
}
