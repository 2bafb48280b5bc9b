/** The JSON `popup_site_config` answers (docs/popups.md, «What a popup is»). */

export type UrlMatch = 'equals' | 'contains' | 'starts_with' | 'wildcard';
export type UrlRule = { match: UrlMatch; value: string };
export type Device = 'mobile' | 'desktop';

export type Trigger =
  | { kind: 'delay'; seconds: number }
  | { kind: 'scroll'; percent: number }
  | { kind: 'exit_intent' }
  | { kind: 'inactivity'; seconds: number }
  | { kind: 'click'; selector: string }
  | { kind: 'page_views'; count: number }
  | { kind: 'sessions'; count: number };

export type Schedule = {
  /** Oslo wall-clock `YYYY-MM-DDTHH:mm`, both ends included to the minute. */
  from?: string;
  until?: string;
  /** 1 = Monday … 7 = Sunday. */
  days?: number[];
  /** [from, until) in whole Oslo hours; from > until runs over midnight. */
  hours?: [number, number];
};

export type Targeting = {
  urls?: { include?: UrlRule[]; exclude?: UrlRule[] };
  devices?: Device[];
  referrer?: UrlRule;
  utm?: Record<string, string>;
  visitor?: 'new' | 'returning' | 'any';
  schedule?: Schedule;
};

export type Frequency = { after_close_days?: number; once_per_session?: boolean };

export type VariantContent = {
  heading: string;
  text: string;
  image: { path: string; alt: string; url?: string } | null;
  field: 'email' | 'form';
  form_id: string | null;
  button: string;
  success_heading: string;
  success_text: string;
  has_discount_code: boolean;
};

/** A variant as popup_site_config answers it: its content's fields beside its id, label and weight. */
export type Variant = VariantContent & { id: string; label: string; weight: number };

export type PopupType = 'modal' | 'slide_in' | 'bar_top' | 'bar_bottom' | 'fullscreen';

export type Popup = {
  id: string;
  type: PopupType;
  priority: number;
  triggers: Trigger[];
  targeting: Targeting;
  frequency: Frequency;
  variants: Variant[];
  design: { accent: string; background: string; text: string; radius: number };
  consent_text: string;
  marketing_consent_text: string;
};

export type Site = { id: string; domain: string; max_per_session: number; max_per_day: number };

export type SiteConfig = { site: Site | null; now?: string; popups: Popup[] };
