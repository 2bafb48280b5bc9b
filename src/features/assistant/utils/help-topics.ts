/** Which help topic belongs to a screen: by route name, else by its first word. */
export type HelpTopic =
  | 'general'
  | 'auth'
  | 'onboarding'
  | 'marketplace'
  | 'leads'
  | 'calendars'
  | 'competitions'
  | 'popups'
  | 'checkouts'
  | 'funnels'
  | 'forms'
  | 'media'
  | 'booking'
  | 'meetings'
  | 'lifetimeValue'
  | 'payments';

export type HelpArticle = { title: string; intro: string; tips: string[] };
export type HelpContent = Record<HelpTopic, HelpArticle>;

const byPrefix: [string, HelpTopic][] = [
  ['leads-marketplace', 'marketplace'],
  ['onboarding', 'onboarding'],
  ['auth', 'auth'],
  ['login', 'auth'],
  ['verify', 'auth'],
  ['profile', 'auth'],
  // /organization (organization-settings): members, roles and details of the organization.
  ['organization', 'onboarding'],
  ['lead', 'leads'],
  ['calendar', 'calendars'],
  ['fyllopp', 'competitions'],
  ['popup', 'popups'],
  ['checkout', 'checkouts'],
  ['funnel', 'funnels'],
  ['form', 'forms'],
  ['media', 'media'],
  ['booking', 'booking'],
  ['meeting', 'meetings'],
  ['lifetime', 'lifetimeValue'],
  ['payments', 'payments'],
];

export function helpTopicFor(routeName: string | undefined): HelpTopic {
  if (!routeName) return 'general';
  return byPrefix.find(([prefix]) => routeName.startsWith(prefix))?.[1] ?? 'general';
}
