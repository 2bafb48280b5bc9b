import { COMPETITION_URL as COMPETITION_HOST } from './hosts';

/*
 * Every real route of the app as someone who may see it: the dashboard as a demo user of
 * supabase/seed.sql, the public pages anonymously, on both hosts where the host changes the screen.
 * The areas still to be built share one «under construction» screen, visited once per layout.
 * Written out by hand, like routes.spec.ts, so a new route has to be added here on purpose.
 * route-checks.spec.ts visits each once; tests/app/route-visits.test.ts holds the route table to this
 * list. Plain data (no Playwright), so that unit test can read it.
 */

/** Demo accounts (README "Demo accounts"). */
const OLA = 'ola@fjordror.no'; // owner of Fjord Rør: tickets, card, bought leads
const INGRID = 'ingrid@nordlyselektro.no'; // on demand without a card: the paywall
const MARTE = 'marte@leadtorget.no'; // marketplace owner, in no organization
const NORA = 'nora@example.no'; // no organization yet

const LEADTORGET = 'c0000000-0000-4000-8000-000000000001';
const PARTNERPORTALEN = 'c0000000-0000-4000-8000-000000000002';
/** Lead 1 belongs to Fjord Rør (seed.sql: n % 3 = 1). */
const OWN_LEAD = 'd0000000-0000-4000-8000-000000000001';
/** Fjord Rør's live demo calendar (supabase/seed.sql). */
const LIVE_CALENDAR = 'ca000000-0000-4000-8000-000000000001';
/** Fjord Rør's running demo competition «Sykle til jobben» and its team «Pedalpuserne» (supabase/seed-competitions.sql). */
const LIVE_COMPETITION = 'cb000000-0000-4000-8000-000000000001';
const OPEN_TEAM = 'cb000000-0000-4000-8000-0000000000d2';
/** Fjord Rør's published «Tilbudsforespørsel» (supabase/seed-forms.sql). */
const QUOTE_FORM = 'cf000000-0000-4000-8000-000000000002';
/** Fjord Rør's demo form «Kontakt oss» (supabase/seed-forms.sql). */
const DEMO_FORM = 'cf000000-0000-4000-8000-000000000001';
// The seeded live checkout (supabase/seed-checkouts.sql) with six weeks of figures and orders.
const DEMO_CHECKOUT = 'cf100000-0000-4000-8000-000000000010';
const DEMO_FUNNEL = 'cf200000-0000-4000-8000-000000000001';
// Fjord Rør's published booking solution «Bestill befaring» (supabase/seed.sql).
const DEMO_BOOKING = 'cc000000-0000-4000-8000-000000000001';
/** Fjord Rør's meeting room «Fjorden» (supabase/seed.sql). */
const FJORDEN_ROOM = 'ee000000-0000-4000-8000-000000000001';

export interface RouteVisit {
  url: string;
  /** The route name the app exposes as #root[data-route-name] once the visit has settled. */
  name: string;
  /** A demo account to sign in as; anonymous when left out. */
  as?: string;
  host?: string;
}

const dashboard = (url: string, name: string, as = OLA): RouteVisit => ({ url, name, as });
const anonymous = (url: string, name: string): RouteVisit => ({ url, name });

export const routeVisits: RouteVisit[] = [
  // Lead marketplace
  dashboard('/', 'leads-marketplace'),
  dashboard('/leads', 'leads'),
  dashboard('/leads/settings', 'leads-marketplace-settings'),
  dashboard('/leads/importer', 'leads-importer'),
  dashboard(`/leads/lead/${OWN_LEAD}`, 'lead-info'),
  dashboard(`/leads/marketplace/${PARTNERPORTALEN}`, 'leads-marketplace-other'),
  dashboard('/leads/marketplace/onboarding', 'leads-marketplace-onboarding'),
  dashboard(`/leads/marketplace/${LEADTORGET}/admin`, 'leads-marketplace-admin', MARTE),
  // Payments: the overview, and the setup page the paywall sends a cardless organization to
  dashboard('/payments', 'payments'),
  dashboard('/payments/setup', 'payments-setup', INGRID),
  // Account, organization, onboarding
  dashboard('/profile', 'profile-settings'),
  dashboard('/organization', 'organization-settings'),
  dashboard('/onboarding/organization/create', 'onboarding-organization-create', NORA),
  dashboard('/onboarding/marketplace/plans', 'onboarding-marketplace-plans'),
  dashboard('/onboarding/registrer', 'onboarding-marketplace-register'),
  // Calendars
  dashboard('/calendar/list', 'calendars'),
  dashboard('/calendar/add', 'calendar-add'),
  dashboard(`/calendar/${LIVE_CALENDAR}/edit`, 'calendar-edit'),
  dashboard(`/calendar/${LIVE_CALENDAR}/preview`, 'calendar-preview'),
  dashboard(`/fyllopp/${LIVE_COMPETITION}/preview`, 'fyllopp-preview'),
  dashboard('/media', 'media'),
  dashboard('/fyllopp/list', 'fyllopp'),
  dashboard('/fyllopp/add', 'fyllopp-add'),
  dashboard(`/fyllopp/${LIVE_COMPETITION}/edit`, 'fyllopp-edit'),
  dashboard('/forms', 'forms'),
  dashboard(`/forms/${DEMO_FORM}/edit`, 'form-edit'),
  dashboard(`/checkouts/${DEMO_CHECKOUT}`, 'checkout-analytics'),
  // The editor with its live preview (checkout-editor.spec.ts edits, saves and publishes).
  dashboard(`/checkouts/${DEMO_CHECKOUT}?fane=oppsett`, 'checkout-analytics'),
  dashboard('/checkouts', 'checkouts'),
  // The builder's other tabs: the same route, other tables and dialogs.
  dashboard('/checkouts?fane=produkter', 'checkouts'),
  dashboard('/checkouts?fane=rabattkoder', 'checkouts'),
  dashboard('/funnels', 'funnels'),
  // Meetings: the planner, Fjorden's week and its summaries (supabase/seed.sql).
  dashboard('/meeting', 'meeting-planner'),
  dashboard(`/meeting/${FJORDEN_ROOM}`, 'meeting-room'),
  dashboard(`/meeting/summary/${FJORDEN_ROOM}`, 'meeting-summary'),
  // Customer value: the demo organization's figures (supabase/seed.sql).
  dashboard('/lifetimevalue', 'lifetime-value'),
  // The areas still to be built show one and the same «under construction» screen: one visit per
  // layout (dashboard here, public below) checks it. An area's routes join this list as it is built.
  dashboard('/popups', 'popups'),
  // Public pages
  anonymous('/auth', 'auth'),
  anonymous('/auth/abc123', 'auth-temporary'),
  anonymous('/auth/management', 'auth-management'),
  anonymous('/login', 'login'),
  anonymous('/bli-partner', 'onboarding-marketplace-join'),
  anonymous('/calendar/c1', 'calendar'),
  anonymous('/calendar/c1/d1', 'calendar-day'),
  anonymous('/calendar/countdown', 'calendar-countdown'),
  anonymous('/calendar/draws', 'calendar-draws'),
  anonymous('/calendar/participation', 'calendar-participation'),
  anonymous('/calendar/iframe', 'calendar-iframe'),
  anonymous(`/fyllopp/iframe?id=${LIVE_COMPETITION}`, 'fyllopp-iframe'),
  anonymous(`/kasse/${DEMO_CHECKOUT}`, 'checkout-public'),
  anonymous(`/kasse/iframe?id=${DEMO_CHECKOUT}`, 'checkout-public'),
  // Without its order and token the receipt page says the link is incomplete (checkout-public.spec.ts pays for one).
  anonymous('/kasse/kvittering', 'checkout-receipt'),
  // The seeded funnel's first step, its sales page (supabase/seed-funnels.sql; funnel-public.spec.ts pays through it).
  anonymous(`/trakt/${DEMO_FUNNEL}`, 'funnel-public'),
  anonymous(`/skjema/${QUOTE_FORM}`, 'form-public'),
  // The booking page's first step and its embed (booking-public.spec.ts books through it); the manage
  // page without its token says the link is not found.
  anonymous(`/booking/${DEMO_BOOKING}`, 'booking-public'),
  anonymous(`/booking/iframe?id=${DEMO_BOOKING}`, 'booking-public'),
  anonymous('/booking/endre', 'booking-public'),
  anonymous(`/skjema/iframe?id=${QUOTE_FORM}`, 'form-public'),
  // Without its token the respondent's page says the link is incomplete (form-emails.spec.ts opens it with one).
  anonymous('/kasse/participation', 'checkout-participation'),
  anonymous('/skjema/participation', 'form-participation'),
  anonymous('/booking/participation', 'booking-participation'),
  // Without its token the guest's answer page says the link is incomplete (meetings.spec.ts answers with one).
  anonymous('/motetid', 'meeting-poll-guest'),
  anonymous(`/fyllopp/${LIVE_COMPETITION}`, 'fyllopp-intro'),
  anonymous(`/fyllopp/${LIVE_COMPETITION}/gruppe`, 'fyllopp-groups'),
  anonymous(`/fyllopp/${LIVE_COMPETITION}/gruppe/${OPEN_TEAM}`, 'fyllopp-group'),
  anonymous(`/fyllopp/countdown?id=${LIVE_COMPETITION}`, 'fyllopp-countdown'),
  // Without its token the participation page says the link is incomplete (the e2e of the page itself
  // visits it with one: competition-participation.spec.ts).
  anonymous('/fyllopp/participation', 'fyllopp-participation'),
  anonymous('/vilkar', 'terms'),
  anonymous('/finnes-ikke', 'not-found'),
  // The competition host: the fyllopp area at the root, the marketplace at /marketplace/own
  { ...dashboard('/', 'fyllopp'), host: COMPETITION_HOST },
  { ...dashboard('/marketplace/own', 'leads-marketplace'), host: COMPETITION_HOST },
  { ...anonymous('/bli-partner', 'onboarding-marketplace-join'), host: COMPETITION_HOST },
  { ...anonymous(`/${LIVE_COMPETITION}`, 'fyllopp-intro'), host: COMPETITION_HOST },
  { ...anonymous(`/${LIVE_COMPETITION}/gruppe`, 'fyllopp-groups'), host: COMPETITION_HOST },
  { ...dashboard(`/${LIVE_COMPETITION}/preview`, 'fyllopp-preview'), host: COMPETITION_HOST },
];

/**
 * The routes not visited above, and why: each is checked at a phone's and a laptop's width elsewhere,
 * or shows the one «under construction» screen that the visit of `/forms` (dashboard) checks. route-checks.spec.ts holds the route table to this list.
 */
export const notVisitedHere: Record<string, string> = {
  // Only an account in that state reaches them; auth.spec.ts runs axe on them at 390 and 1280 px.
  verify: 'auth.spec.ts (an unconfirmed account)',
  'profile-register': 'auth.spec.ts (a new account without a profile)',
  // A popup's id: popups-editor.spec.ts opens the seeded one and runs axe at 360 and 1280 px.
  'popup-edit': 'popups-editor.spec.ts (the seeded newsletter popup)',
  // A funnel's id: funnels-editor.spec.ts creates one and runs axe at 360 and 1280 px.
  'funnel-edit': 'funnels-editor.spec.ts (a funnel it creates)',
  ...Object.fromEntries(
    ['booking-solutions', 'booking-solution'].map((name) => [name, 'under construction']),
  ),
};

export const describeVisit = (visit: RouteVisit) =>
  `${visit.host === COMPETITION_HOST ? 'fyllopp.localhost' : 'localhost'}${visit.url} (${visit.as ?? 'anonymous'})`;
