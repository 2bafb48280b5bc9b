// First: note an access token in the URL before supabase-js consumes it (guard rule 1).
import '@/lib/url-session';
import { createRoot } from 'react-dom/client';
import { findEmbedRoute } from '@/app/embed-routes';

/**
 * The entry only decides which app to start, so an embedded page never downloads the signed-in
 * app. React itself is shared by both and loads with the entry.
 */
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');
const root = createRoot(container);

const embed = findEmbedRoute(window.location.pathname);
if (embed) void import('@/app/start-embed').then(({ startEmbed }) => startEmbed(root, container, embed));
else void import('@/app/start-app').then(({ startApp }) => startApp(root));
