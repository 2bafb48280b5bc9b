import '@/styles/typeface.css';
import '@/styles/tokens.css';

export type Theme = 'light' | 'dark';
const THEME_KEY = 'leadtorget.theme';

export function preferredTheme(): Theme {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(THEME_KEY);
  } catch {
    // An embedded page whose browser blocks third-party storage: the system's preference decides.
  }
  if (stored === 'light' || stored === 'dark') return stored;
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/** Theme and the global styles; the notification and dialog hosts mount with the app (see app.tsx). */
export function startSharedComponents() {
  document.documentElement.dataset.theme = preferredTheme();
}
