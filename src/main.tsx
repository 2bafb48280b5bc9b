// First: note an access token in the URL before supabase-js consumes it (guard rule 1).
import '@/lib/url-session';
import { createRoot } from 'react-dom/client';
import { findEmbedRoute } from '@/app/embed-routes';
import { findPublicCalendarRoute } from '@/app/public-calendar-routes';
import { opensPublicDoor } from '@/app/public-door';

/**
 * The entry only decides which app to start, so an embedded page or the public door never downloads
 * the signed-in app. React itself is shared by all and loads with the entry.
 */
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');
const root = createRoot(container);

const calendar = findPublicCalendarRoute(window.location.pathname);
const embed = calendar ? undefined : findEmbedRoute(window.location.pathname);
if (calendar) {
  // The start-up and the page download together: one round trip after the entry.
  const page = calendar.load();
  void import('@/app/start-calendar').then(({ startCalendar }) =>
    startCalendar(root, container, calendar, page),
  );
} else if (embed)
  void import('@/app/start-embed').then(({ startEmbed }) => startEmbed(root, container, embed));
else if (opensPublicDoor(window.location.pathname))
  void import('@/app/start-door').then(({ startDoor }) => startDoor(root, container));
else void import('@/app/start-app').then(({ startApp }) => startApp(root));
