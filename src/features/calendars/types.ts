/**
 * The public side of calendars: the shapes the public read functions return (docs/calendars.md,
 * «Public reads»). The public pages and the editor's preview both render from these, so the preview
 * maps the editor's rows to them and shows exactly what a visitor will see.
 */

export type CalendarStatus = 'draft' | 'scheduled' | 'live' | 'ended';
export type DoorState = 'locked' | 'open' | 'closed';

/** One door of the grid (`calendar_door_slots`): never content. */
export type PublicDoorSlot = {
  day_number: number;
  /** The door's date (YYYY-MM-DD, Oslo). */
  opens_on: string;
  opens_at: string;
  closes_at: string;
  state: DoorState;
};

/** An announced winner (`calendar_public_winners`): first name and initial only. */
export type PublicWinner = {
  /** Null: the grand prize. */
  day_number: number | null;
  prize_name: string;
  winner_name: string | null;
  announced_at: string;
};

/**
 * The calendar's look, as the editor stores it in `calendars.design`. Every key is optional; colours
 * are `#rrggbb`, anything else is ignored and the page's own colours stay.
 */
export type CalendarDesign = {
  /** Buttons, today's door, links. */
  primary_color?: string;
  background_color?: string;
  text_color?: string;
  /** The doors' face and the text on it, on every door (locked, today's, open and closed). */
  door_color?: string;
  door_text_color?: string;
  /** A look of utils/themes.ts (`klassisk-jul`, …) and the doors' shape (`gave`, …). */
  theme?: string;
  door_style?: string;
  background_media_id?: string | null;
};

/** A library object the page signs as anon before showing it (bucket `organizations-media`). */
export type PublicMediaRef = { path: string; alt_text: string | null };

/** `calendar_public(id)`: everything the calendar page needs in one call. */
export type PublicCalendar = {
  id: string;
  name: string;
  template: string;
  starts_on: string;
  ends_on: string;
  /** Oslo wall clock, `HH:MM:SS`. */
  door_time: string;
  status: CalendarStatus;
  /** The database clock when it answered: countdowns run from it, not from the visitor's clock. */
  now: string;
  lock_past_doors: boolean;
  show_past_doors: boolean;
  rules_text: string | null;
  consent_text: string | null;
  /** Null: marketing consent is not asked. */
  marketing_consent_text: string | null;
  /** Offer the daily reminder e-mail on the form (absent on older databases: offered). */
  reminders_enabled?: boolean;
  design: CalendarDesign;
  /** The design's background picture, when set. */
  background?: PublicMediaRef | null;
  doors: PublicDoorSlot[];
  winners: PublicWinner[];
  /** Whether any draw exists: the page links to their verification. */
  has_draws?: boolean;
};

/** A field of a door's short form (`calendar_doors.form_fields`). */
export type DoorFormField = {
  /** The answer's key in `form_answers`. */
  key: string;
  label: string;
  type?: 'text' | 'textarea' | 'select' | 'checkbox';
  required?: boolean;
  /** For `select`. */
  options?: string[];
};

export type PublicDoorMedia = {
  type: 'image' | 'video';
  /** The image's web rendition, or a video's poster. */
  path: string | null;
  alt_text: string | null;
  width: number | null;
  height: number | null;
  /** A video's renditions, when the read function returns them. */
  webm_path?: string | null;
  mp4_path?: string | null;
};

/** `calendar_public_door(id, day)`: an opened door, never its answer or voucher. */
export type PublicDoor = {
  day_number: number;
  opens_at: string;
  closes_at: string;
  /** False: the door has closed (shown because the calendar shows past doors); no more entries. */
  open: boolean;
  title: string | null;
  body: string | null;
  media: PublicDoorMedia | null;
  link_url: string | null;
  link_label: string | null;
  quiz_kind: 'single' | 'text' | null;
  quiz_question: string | null;
  quiz_options: string[] | null;
  form_fields: DoorFormField[];
  prizes: { name: string; description: string | null }[];
};

/** `submit_calendar_entry`'s one row. */
export type EntryResult = {
  outcome: 'entered';
  /** Null: the door has no quiz. */
  is_correct: boolean | null;
  voucher_code: string | null;
};

/** What the visitor typed into an entry or pre-registration form. */
export type EntryInput = {
  email: string;
  name: string;
  phone: string;
  answer: string;
  formAnswers: Record<string, string | boolean>;
  consent: boolean;
  marketingConsent: boolean;
  remindersOptIn: boolean;
  /** The hidden field people never fill in. */
  honeypot: string;
};
