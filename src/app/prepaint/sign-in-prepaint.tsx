import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import authNb from '@/features/auth/locales/nb.json';
import AuthSignInPage from '@/features/auth/routes/sign-in';
import commonNb from '@/locales/nb/common.json';
import componentsNb from '@/locales/nb/components.json';
import errorsNb from '@/locales/nb/errors.json';
import { PublicLayout } from '../layouts/public-layout';

/**
 * The sign-in page's first paint as static HTML, made at build time (vite/sign-in-prepaint.ts):
 * the same layout and screen the app renders for a visitor without a session, in Norwegian. The
 * app replaces it in one commit when it has mounted.
 */
export async function renderSignInPrepaint(): Promise<string> {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    lng: 'nb',
    fallbackLng: false,
    ns: ['common', 'errors', 'components', 'auth'],
    defaultNS: 'common',
    resources: { nb: { common: commonNb, errors: errorsNb, components: componentsNb, auth: authNb } },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  const router = createMemoryRouter(
    [{ path: '/', Component: PublicLayout, children: [{ path: 'auth', Component: AuthSignInPage }] }],
    { initialEntries: ['/auth'] },
  );
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
}
