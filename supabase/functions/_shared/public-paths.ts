/**
 * Where each kind of campaign lives in the app, the one place the functions' e-mails take their links
 * from (the app's public routes answer these paths). A new kind of campaign adds its row here.
 */

/** The kinds whose e-mails carry a reminders' unsubscribe (the unsubscribe function's `kind`). */
export const CAMPAIGN_KINDS = ['calendar', 'competition', 'checkout'] as const;
export type CampaignKind = (typeof CAMPAIGN_KINDS)[number];

export interface ReminderPaths {
  /** The campaign's own page. */
  campaign(campaignId: string): string;
  /** The participant's own page, opened with their participation token. */
  participation(campaignId: string, token: string): string;
  /**
   * The participant's page asking to confirm the unsubscribe: a visit alone (a link scanner's GET)
   * must not unsubscribe, the button on the page does.
   */
  unsubscribe(campaignId: string, token: string): string;
}

export interface PublicPaths extends ReminderPaths {
  /** One item of the campaign: a calendar's door by its day number, a competition's team by its id. */
  item(campaignId: string, item: number | string): string;
}

const calendar: PublicPaths = {
  campaign: (id) => `/calendar/${encodeURIComponent(id)}`,
  item: (id, day) => `/calendar/${encodeURIComponent(id)}/${encodeURIComponent(day)}`,
  participation: (id, token) => `/calendar/participation?${new URLSearchParams({ id, token }).toString()}`,
  unsubscribe: (id, token) =>
    `/calendar/participation?${new URLSearchParams({ id, token, unsubscribe: '1' }).toString()}`,
};

// A competition's team page sits under «gruppe», as the public routes name it.
const competition: PublicPaths = {
  campaign: (id) => `/fyllopp/${encodeURIComponent(id)}`,
  item: (id, team) => `/fyllopp/${encodeURIComponent(id)}/gruppe/${encodeURIComponent(team)}`,
  participation: (id, token) => `/fyllopp/participation?${new URLSearchParams({ id, token }).toString()}`,
  unsubscribe: (id, token) =>
    `/fyllopp/participation?${new URLSearchParams({ id, token, unsubscribe: '1' }).toString()}`,
};

// A checkout has no items; its reminders are the recovery e-mails of an abandoned checkout.
const checkout: ReminderPaths = {
  campaign: (id) => `/kasse/${encodeURIComponent(id)}`,
  participation: (id, token) => `/kasse/participation?${new URLSearchParams({ id, token }).toString()}`,
  unsubscribe: (id, token) =>
    `/kasse/participation?${new URLSearchParams({ id, token, unsubscribe: '1' }).toString()}`,
};

const PATHS: Record<CampaignKind, ReminderPaths> = { calendar, competition, checkout };
const ITEM_PATHS: Record<'calendar' | 'competition', PublicPaths> = { calendar, competition };

/** A form's pages: the form itself and the person's own page. Forms have no items or reminders. */
export interface FormPaths {
  campaign(formId: string): string;
  participation(formId: string, token: string): string;
}

const form: FormPaths = {
  campaign: (id) => `/skjema/${encodeURIComponent(id)}`,
  participation: (id, token) => `/skjema/participation?${new URLSearchParams({ id, token }).toString()}`,
};

export function publicPaths(kind: 'form'): FormPaths;
export function publicPaths(kind: 'calendar' | 'competition'): PublicPaths;
export function publicPaths(kind: CampaignKind): ReminderPaths;
export function publicPaths(kind: CampaignKind | 'form'): ReminderPaths | FormPaths {
  if (kind === 'form') return form;
  return kind === 'checkout' ? PATHS.checkout : ITEM_PATHS[kind];
}

/** An absolute link: the app's address (SITE_URL) and one of the paths above. */
export function publicLink(siteUrl: string, path: string): string {
  return `${siteUrl.replace(/\/+$/, '')}${path}`;
}

/** A booking's manage page (reschedule, cancel), opened with the booking's signed link's token. */
export function bookingManagePath(token: string): string {
  return `/booking/endre?${new URLSearchParams({ token }).toString()}`;
}

/**
 * A booker's own page (their bookings and everything the organization holds about them), opened with
 * their participation token.
 */
export function bookingParticipationPath(solutionId: string, token: string): string {
  return `/booking/participation?${new URLSearchParams({ id: solutionId, token }).toString()}`;
}

/** A meeting poll guest's answer page, opened with the invitation's signed link's token. */
export function meetingGuestPath(token: string): string {
  return `/motetid?${new URLSearchParams({ token }).toString()}`;
}
