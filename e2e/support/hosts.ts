/*
 * Where the tests find the app (playwright.config.ts): the built app on 4173 for every spec, `npm
 * start`'s dev server on 5173 for the one that proves it works. Local host names share the port, so
 * the competition host and a partner marketplace's host are the same app under another name.
 */

export const APP_PORT = 4173;
export const APP_URL = `http://localhost:${APP_PORT}`;
/** The competition host: the fyllopp area at the root (VITE_COMPETITION_HOSTS). */
export const COMPETITION_URL = `http://fyllopp.localhost:${APP_PORT}`;
/** A host of no marketplace of the seed. */
export const PARTNER_URL = `http://partner.localhost:${APP_PORT}`;
/** `npm start`'s Vite dev server. */
export const DEV_SERVER_URL = 'http://localhost:5173';
