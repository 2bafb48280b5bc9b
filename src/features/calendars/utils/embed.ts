import { embedSnippet } from '@/lib/public/embed-snippet';

/** The hosted calendar's address on this site. */
export const hostedCalendarUrl = (origin: string, calendarId: string) => `${origin}/calendar/${calendarId}`;

/** The calendar's snippet for a customer's site (its iframe page and its own frame marker). */
export const calendarEmbedSnippet = (origin: string, calendarId: string, title: string) =>
  embedSnippet({
    origin,
    path: `/calendar/iframe?id=${encodeURIComponent(calendarId)}`,
    dataAttribute: 'data-leadtorget-calendar',
    title,
  });
