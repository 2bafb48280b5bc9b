import { osloClock } from './oslo';

/** What the snippet remembers of a popup for this visitor. */
export type PopupMemory = {
  closed_at?: number;
  converted_at?: number;
  /** The session number the popup last showed in. */
  shown_session?: number;
  /** The page view (`page_views`) it last showed on. */
  shown_page_view?: number;
  variant?: string;
};

/** The visitor's memory on one site (storage.ts decides where it lives). */
export type VisitorState = {
  /** A random id: the sticky A/B pick's seed. Never sent. */
  visitor: string;
  page_views: number;
  sessions: number;
  /** The last page view, to tell a new session (30 minutes without one). */
  last_seen: number;
  /** Popups shown in this session, and on this Oslo `day`: the site's caps. */
  session_shows: number;
  day: string;
  day_shows: number;
  /** The session's first referrer and UTM parameters: later pages of the session have neither. */
  referrer: string;
  utm: Record<string, string>;
  popups: Record<string, PopupMemory>;
};

export const SESSION_GAP_MS = 30 * 60 * 1000;

export const newVisitor = (visitor: string): VisitorState => ({
  visitor,
  page_views: 0,
  sessions: 0,
  last_seen: 0,
  session_shows: 0,
  day: '',
  day_shows: 0,
  referrer: '',
  utm: {},
  popups: {},
});

/** A page view: counts it, and starts a session after 30 minutes without one (the landing's source then). */
export function viewPage(
  state: VisitorState,
  now: number,
  landing: { referrer: string; utm: Record<string, string> },
): VisitorState {
  const newSession = state.sessions === 0 || now - state.last_seen >= SESSION_GAP_MS;
  return {
    ...state,
    page_views: state.page_views + 1,
    sessions: state.sessions + (newSession ? 1 : 0),
    last_seen: now,
    session_shows: newSession ? 0 : state.session_shows,
    referrer: newSession ? landing.referrer : state.referrer,
    // A campaign link inside a session starts counting as that campaign's.
    utm: newSession || Object.keys(landing.utm).length ? landing.utm : state.utm,
  };
}

const withPopup = (state: VisitorState, id: string, change: PopupMemory): VisitorState => ({
  ...state,
  popups: { ...state.popups, [id]: { ...state.popups[id], ...change } },
});

export function recordShown(state: VisitorState, id: string, variant: string, now: number): VisitorState {
  const today = osloClock(now).date;
  return withPopup(
    {
      ...state,
      session_shows: state.session_shows + 1,
      day: today,
      day_shows: (state.day === today ? state.day_shows : 0) + 1,
    },
    id,
    { shown_session: state.sessions, shown_page_view: state.page_views, variant },
  );
}

export const recordClosed = (state: VisitorState, id: string, now: number) =>
  withPopup(state, id, { closed_at: now });

export const recordConverted = (state: VisitorState, id: string, now: number) =>
  withPopup(state, id, { converted_at: now });
