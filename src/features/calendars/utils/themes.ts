/**
 * The calendar's looks, stored in `campaigns.design` as `theme` and `door_style`. The public pages only
 * read the names (their stylesheet draws them); the editor's presets are in `editor-design.ts`.
 */
export const CALENDAR_THEMES = ['klassisk-jul', 'nordisk-vinter', 'pepperkake', 'minimal'] as const;
export type CalendarTheme = (typeof CALENDAR_THEMES)[number];

/** The doors' shape: a wrapped present, a panelled wooden door, a round bauble, a plain tile. */
export const DOOR_STYLES = ['gave', 'luke', 'kule', 'flis'] as const;
export type DoorStyle = (typeof DOOR_STYLES)[number];

export const DEFAULT_THEME: CalendarTheme = 'klassisk-jul';
export const DEFAULT_DOOR_STYLE: DoorStyle = 'gave';

export type DesignColour =
  'background_color' | 'text_color' | 'door_color' | 'door_text_color' | 'primary_color';

type ThemePreset = Record<DesignColour, string> & { door_style: DoorStyle };

/**
 * Each theme's colours and doors, what a calendar looks like until its owner changes them (the public
 * pages fill a missing colour from the theme too), chosen to read at 4.5:1 (text) and 3:1 (doors).
 */
export const THEME_PRESETS: Record<CalendarTheme, ThemePreset> = {
  'klassisk-jul': {
    background_color: '#0b3d2e',
    text_color: '#ffffff',
    door_color: '#f7efe1',
    door_text_color: '#a3151f',
    primary_color: '#f2c14e',
    door_style: 'gave',
  },
  'nordisk-vinter': {
    background_color: '#12263f',
    text_color: '#f4f8fb',
    door_color: '#e8f1f8',
    door_text_color: '#12263f',
    primary_color: '#9fd3f0',
    door_style: 'luke',
  },
  pepperkake: {
    background_color: '#f6ead8',
    text_color: '#4a2511',
    door_color: '#8a4b24',
    door_text_color: '#fff8ee',
    primary_color: '#b3202a',
    door_style: 'kule',
  },
  minimal: {
    background_color: '#ffffff',
    text_color: '#1f2328',
    door_color: '#1f2328',
    door_text_color: '#ffffff',
    primary_color: '#1d4ed8',
    door_style: 'flis',
  },
};

export const themeOf = (value: unknown): CalendarTheme =>
  CALENDAR_THEMES.find((theme) => theme === value) ?? DEFAULT_THEME;

export const doorStyleOf = (value: unknown): DoorStyle =>
  DOOR_STYLES.find((style) => style === value) ?? DEFAULT_DOOR_STYLE;
