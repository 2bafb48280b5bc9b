/**
 * The modules `/auth` loads after the entry: the signed-in app's start-up, then the route table's
 * screen for `/auth` with its layout and strings. The build groups their small modules into a few
 * chunks (start-path-chunks.ts) and asks for them from `index.html` on `/auth` (sign-in-preload.ts);
 * tests/app/sign-in-path.test.ts holds this list to the route table.
 */
export const SIGN_IN_PATH = '/auth';
export const SIGN_IN_MODULES = {
  entry: 'src/main.tsx',
  startUp: 'src/app/start-app.tsx',
  screen: 'src/features/auth/routes/sign-in.tsx',
  layout: 'src/app/layouts/public-layout.tsx',
  /** One `<language>.json` per interface language. */
  locales: 'src/features/auth/locales/',
} as const;
