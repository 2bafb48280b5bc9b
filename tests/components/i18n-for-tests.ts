import { render } from '@testing-library/react';
import type { RenderOptions } from '@testing-library/react';
import i18next from 'i18next';
import type { i18n as I18n } from 'i18next';
import { createElement } from 'react';
import type { ReactElement, ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import commonEn from '@/locales/en/common.json';
import componentsEn from '@/locales/en/components.json';
import commonNb from '@/locales/nb/common.json';
import componentsNb from '@/locales/nb/components.json';

/** A fresh i18next instance per call, holding the components and common namespaces; missing keys throw. */
export function createTestI18n(lng: 'nb' | 'en' = 'nb'): I18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng,
    fallbackLng: false,
    ns: ['components', 'common'],
    defaultNS: 'components',
    resources: {
      nb: { components: componentsNb, common: commonNb },
      en: { components: componentsEn, common: commonEn },
    },
    interpolation: { escapeValue: false },
    initAsync: false,
    saveMissing: true,
    missingKeyHandler: (_languages, namespace, key) => {
      throw new Error(`Missing translation: ${namespace}:${key}`);
    },
    react: { useSuspense: false },
  });
  return instance;
}

export function renderWithI18n(ui: ReactElement, options: RenderOptions & { lng?: 'nb' | 'en' } = {}) {
  const { lng, ...renderOptions } = options;
  const i18n = createTestI18n(lng);
  const Wrapper = ({ children }: { children: ReactNode }) =>
    createElement(I18nextProvider, { i18n }, children);
  return { i18n, ...render(ui, { wrapper: Wrapper, ...renderOptions }) };
}
