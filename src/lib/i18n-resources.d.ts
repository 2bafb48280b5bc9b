import type common from '@/locales/nb/common.json';
import type components from '@/locales/nb/components.json';
import type errors from '@/locales/nb/errors.json';

// Typed keys: `t('nav.leads')` is checked against the Norwegian source strings.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof common;
      errors: typeof errors;
      components: typeof components;
    };
  }
}
