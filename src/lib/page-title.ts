import type { TFunction } from 'i18next';

/**
 * The document title of a screen, «Leads · Leadtorget»: every page its own (WCAG 2.4.2), so tabs,
 * history and screen readers tell screens apart. Titles are per route name (common.json `pageTitles`).
 */
export function pageTitle(t: TFunction, routeName: string | undefined): string {
  const titles: Record<string, string | undefined> = t('pageTitles', { returnObjects: true });
  const title = routeName ? titles[routeName] : undefined;
  return title ? `${title} · ${t('appName')}` : t('appName');
}
