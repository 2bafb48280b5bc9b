import { currentHostname, hostKindOf } from '@/lib/host';
import type { Messages, PublicLanguage } from '@/lib/public/public-texts';

/**
 * The pages of the lean public entry (src/app/start-public.tsx): no router, auth client, i18next or
 * supabase-js. An area adds its public pages here, one entry each; src/main.tsx, the signed-in app's
 * route table and scripts/budget.mjs all read this list. The entry reads it on every page load, so it
 * stays path matching and lazy imports.
 */
export interface PublicRoute {
  /** The route's name (#root[data-route-name]); the page sets its own title. */
  name: string;
  /** The path as the signed-in app's router writes it: in-app links reach the page there too. */
  path: string;
  /** What a path parameter may be, e.g. only digits (default: any one segment). */
  params?: Record<string, RegExp>;
  /** Whether a page load of a path starts this page, when more than the path decides (e.g. the host). */
  match?: (pathname: string) => boolean;
  /**
   * The path on the competition host, which serves the fyllopp area at its root: the signed-in app's
   * router lists it there too (a page load reaches it through `match`).
   */
  competitionHostPath?: string;
  /** The page (its default export, rendered without props). */
  load: () => Promise<{ default: React.ComponentType }>;
  /** The area's texts, over the shared public ones (`public`, `campaign-errors`). */
  texts: (language: PublicLanguage) => Promise<Messages>;
  /**
   * Where the page's language comes from: `query` (`?lang=en`, the choice of the organization that
   * embeds or links it) or `visitor` (the visitor's stored choice of the app's language).
   */
  language?: 'query' | 'visitor';
  /** `bare`: inside a customer's page, so in the app too without layout navigation. */
  layout?: 'bare';
  /** KiB gzip of JS the page needs to render, the entry included (scripts/budget.mjs). */
  budget: number;
  /**
   * `false` when the signed-in app has its own page at the path (the public door's `/bli-partner`
   * is the join flow for a signed-in user): then the route table does not list this one.
   */
  inApp?: false;
}

const PUBLIC_PAGE_BUDGET = 90;

/** `/a/:b` against a pathname; a parameter matches one segment, and `params` may narrow it. */
export function matchesPath(pattern: string, pathname: string, params: Record<string, RegExp> = {}): boolean {
  const want = pattern.split('/').filter(Boolean);
  const have = pathname.split('/').filter(Boolean);
  if (want.length !== have.length) return false;
  return want.every((part, index) => {
    const segment = have[index] ?? '';
    if (!part.startsWith(':')) return part === segment;
    return params[part.slice(1)]?.test(segment) ?? true;
  });
}

/**
 * Whether a signed-in session is stored: supabase-js keeps it under `sb-<project>-auth-token`. Storage
 * that cannot be read (an iframe whose browser blocks third-party storage throws on `localStorage`
 * itself) is no session.
 */
function hasStoredSession(storage?: Storage): boolean {
  try {
    const store = storage ?? localStorage;
    for (let index = 0; index < store.length; index += 1) {
      if (/^sb-.+-auth-token$/.test(store.key(index) ?? '')) return true;
    }
    return false;
  } catch {
    return false;
  }
}

// A literal rather than the paths module (~0.9 KiB gzip more for every page);
// tests/app/public-routes.test.ts holds it equal to paths.joinMarketplace.
export const PUBLIC_DOOR_PATH = '/bli-partner';

/**
 * `/bli-partner` is two pages: for a visitor, the marketplace's public door here; for a signed-in
 * user, the join flow of the app. A stored session decides before either loads; one that turns out
 * to be expired still gets the app's join page, which handles visitors too.
 */
export function opensPublicDoor(pathname: string, storage?: Storage): boolean {
  return matchesPath(PUBLIC_DOOR_PATH, pathname) && !hasStoredSession(storage);
}

const calendarTexts = (language: PublicLanguage) =>
  import('@/features/calendars/components/public/calendar-texts').then((texts) =>
    texts.calendarMessages(language),
  );
// `/calendar/list` and `/calendar/add` are the signed-in app's; a door is its number.
const CALENDAR_ID = /^(?!(list|add)$)/;
const DOOR_DAY = /^\d{1,3}$/;
// `iframe` is the form's embed (this entry); `participation` the respondent's page.
const FORM_ID = /^(?!participation$)/;

// `/kasse/iframe?id=…` is the checkout in a customer's page (the same entry); `kvittering` the
// receipt, `participation` the buyer's own page.
const CHECKOUT_ID = /^(?!(kvittering|participation)$)/;
// A participation page and its texts, one import each (each import lists its files in this entry).
const formParticipationPage = () => import('@/features/forms/routes/form-participation');
const checkoutParticipationPage = () => import('@/features/checkouts/routes/checkout-participation');
// One import for the form's page and its texts (each import lists its files in this entry).
const formPage = () => import('@/features/forms/routes/form-public');

// One import for both entries and their texts: each import lists its files in this entry.
const checkoutPages = () => import('@/features/checkouts/routes/checkout-public');
const checkoutTexts = (language: PublicLanguage) =>
  checkoutPages().then((page) => page.checkoutMessages(language));

// A funnel's steps: `/trakt/:id` (the first) and `/trakt/:id/:stepId`, one entry (each entry costs
// every public page its bytes in the entry).
const FUNNEL_PATH = /^\/trakt\/[\da-f-]{36}(\/[\da-f-]{36})?\/?$/i;
const funnelPage = () => import('@/features/funnels/routes/funnel-public');

// A booking solution `/booking/:id`, its embed `/booking/iframe?id=…` and the booking's manage page
// `/booking/endre?token=…`: one entry and one module (each entry costs every public page its bytes).
const bookingPages = () => import('@/features/booking/routes/booking-public');
const bookingParticipationPage = () => import('@/features/booking/routes/booking-participation');
// One import for the guest's answer page and its texts.
const meetingGuestPage = () => import('@/features/meetings/routes/guest-poll');

const competitionTexts = (language: PublicLanguage) =>
  import('@/features/competitions/components/public/page-texts').then((texts) =>
    texts.competitionPageMessages(language),
  );
// Under `/fyllopp` a competition is any segment but the area's own pages; at the competition host's
// root, which is the area's, only a uuid (utils/competition-paths.ts holds the same), so `/list` or
// `/auth` there are never one.
const FYLLOPP_ID = /^(?!(list|add|countdown|iframe|participation)$)/;
const COMPETITION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const onCompetitionHost = () => hostKindOf(currentHostname()) === 'competition';

/**
 * A competition page at `/fyllopp/<rest>` on every host, and at `/<rest>` on the competition host. The
 * group routes are in the app's router at the root too; the intro at `/:id` is not, where it would
 * stand for every unknown one-segment path of the host.
 */
const competitionPage = (
  rest: string,
): Pick<PublicRoute, 'path' | 'params' | 'match' | 'competitionHostPath'> => {
  const params = { id: FYLLOPP_ID };
  const atRoot = { id: COMPETITION_ID };
  return {
    path: `/fyllopp${rest}`,
    params,
    ...(rest.includes('/gruppe') ? { competitionHostPath: rest } : {}),
    match: (pathname) =>
      matchesPath(`/fyllopp${rest}`, pathname, params) ||
      (onCompetitionHost() && matchesPath(rest, pathname, atRoot)),
  };
};

export const publicRoutes: PublicRoute[] = [
  {
    name: 'onboarding-marketplace-join',
    path: PUBLIC_DOOR_PATH,
    match: (pathname) => opensPublicDoor(pathname),
    load: () => import('@/features/onboarding/routes/public-door'),
    texts: (language) =>
      import('@/features/onboarding/utils/door-text').then((door) => door.loadDoorStrings(language)),
    language: 'visitor',
    budget: PUBLIC_PAGE_BUDGET,
    inApp: false,
  },
  {
    name: 'calendar-iframe',
    path: '/calendar/iframe',
    load: () => import('@/features/calendars/routes/calendar-iframe'),
    texts: calendarTexts,
    layout: 'bare',
    budget: PUBLIC_PAGE_BUDGET,
  },
  {
    name: 'calendar-countdown',
    path: '/calendar/countdown',
    load: () => import('@/features/calendars/routes/calendar-countdown'),
    texts: calendarTexts,
    budget: PUBLIC_PAGE_BUDGET,
  },
  {
    name: 'calendar-draws',
    path: '/calendar/draws',
    load: () => import('@/features/calendars/routes/calendar-draws'),
    texts: calendarTexts,
    budget: PUBLIC_PAGE_BUDGET,
  },
  {
    name: 'calendar-participation',
    path: '/calendar/participation',
    load: () => import('@/features/calendars/routes/calendar-participation'),
    texts: (language) =>
      import('@/lib/public/participation-texts').then((texts) =>
        texts.participationMessages(language, calendarTexts(language)),
      ),
    budget: PUBLIC_PAGE_BUDGET,
  },
  {
    name: 'calendar',
    path: '/calendar/:id',
    params: { id: CALENDAR_ID },
    load: () => import('@/features/calendars/routes/calendar'),
    texts: calendarTexts,
    budget: PUBLIC_PAGE_BUDGET,
  },
  {
    name: 'calendar-day',
    path: '/calendar/:id/:dayId',
    params: { dayId: DOOR_DAY },
    load: () => import('@/features/calendars/routes/calendar-day'),
    texts: calendarTexts,
    budget: PUBLIC_PAGE_BUDGET,
  },
  {
    name: 'form-participation',
    path: '/skjema/participation',
    load: formParticipationPage,
    texts: (language) => formParticipationPage().then((page) => page.pageMessages(language)),
    budget: PUBLIC_PAGE_BUDGET,
  },
  {
    name: 'checkout-participation',
    path: '/kasse/participation',
    load: checkoutParticipationPage,
    texts: (language) => checkoutParticipationPage().then((page) => page.pageMessages(language)),
    budget: PUBLIC_PAGE_BUDGET,
  },
  {
    name: 'form-public',
    // Also `/skjema/iframe?id=…`, the form in a customer's page: one entry, so the public entry (which
    // every public page loads) lists the form's files once.
    path: '/skjema/:id',
    params: { id: FORM_ID },
    load: formPage,
    // Through the page's own module: one file list in the public entry instead of two.
    texts: (language) => formPage().then((page) => page.formMessages(language)),
    budget: PUBLIC_PAGE_BUDGET,
  },
  {
    name: 'checkout-receipt',
    path: '/kasse/kvittering',
    // The checkout's module, which shows the receipt at this path.
    load: checkoutPages,
    texts: checkoutTexts,
    budget: PUBLIC_PAGE_BUDGET,
  },
  {
    name: 'checkout-public',
    path: '/kasse/:id',
    params: { id: CHECKOUT_ID },
    load: checkoutPages,
    texts: checkoutTexts,
    budget: PUBLIC_PAGE_BUDGET,
  },
  {
    name: 'funnel-public',
    // The app's router lists the step's path; a page load of either path starts the page (match).
    path: '/trakt/:id/:stepId?',
    match: (pathname) => FUNNEL_PATH.test(pathname),
    load: funnelPage,
    texts: (language) => funnelPage().then((page) => page.funnelMessages(language)),
    budget: PUBLIC_PAGE_BUDGET,
  },
  {
    // Before `booking-public`, whose `:id` would take the word too.
    name: 'booking-participation',
    path: '/booking/participation',
    load: bookingParticipationPage,
    texts: (language) => bookingParticipationPage().then((page) => page.pageMessages(language)),
    budget: PUBLIC_PAGE_BUDGET,
  },
  {
    name: 'booking-public',
    path: '/booking/:id',
    load: bookingPages,
    texts: (language) => bookingPages().then((page) => page.bookingMessages(language)),
    budget: PUBLIC_PAGE_BUDGET,
  },
  {
    name: 'meeting-poll-guest',
    // `/motetid?token=…`: an outside guest answers a meeting poll by their signed link.
    path: '/motetid',
    load: meetingGuestPage,
    texts: (language) => meetingGuestPage().then((page) => page.guestMessages(language)),
    budget: PUBLIC_PAGE_BUDGET,
  },
  {
    name: 'fyllopp-participation',
    path: '/fyllopp/participation',
    load: () => import('@/features/competitions/routes/participation'),
    // The engine's participation texts load with the part of the page that shows them.
    texts: (language) =>
      import('@/features/competitions/components/participation/participation-texts').then((own) =>
        own.competitionParticipationMessages(language),
      ),
    budget: PUBLIC_PAGE_BUDGET,
  },
  {
    name: 'fyllopp-iframe',
    path: '/fyllopp/iframe',
    load: () => import('@/features/competitions/routes/iframe'),
    texts: competitionTexts,
    layout: 'bare',
    budget: PUBLIC_PAGE_BUDGET,
  },
  {
    name: 'fyllopp-countdown',
    path: '/fyllopp/countdown',
    load: () => import('@/features/competitions/routes/countdown'),
    texts: competitionTexts,
    budget: PUBLIC_PAGE_BUDGET,
  },
  {
    name: 'fyllopp-intro',
    ...competitionPage('/:id'),
    load: () => import('@/features/competitions/routes/intro'),
    texts: competitionTexts,
    budget: PUBLIC_PAGE_BUDGET,
  },
  {
    name: 'fyllopp-groups',
    ...competitionPage('/:id/gruppe'),
    load: () => import('@/features/competitions/routes/group-list'),
    texts: competitionTexts,
    budget: PUBLIC_PAGE_BUDGET,
  },
  {
    name: 'fyllopp-group',
    ...competitionPage('/:id/gruppe/:teamId'),
    load: () => import('@/features/competitions/routes/group'),
    texts: competitionTexts,
    budget: PUBLIC_PAGE_BUDGET,
  },
];

/** The public page a page load of `pathname` starts, if any: the first entry that matches. */
export function findPublicRoute(
  pathname: string,
  routes: readonly PublicRoute[] = publicRoutes,
): PublicRoute | undefined {
  return routes.find((route) =>
    route.match ? route.match(pathname) : matchesPath(route.path, pathname, route.params),
  );
}
