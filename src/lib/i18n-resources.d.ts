/* eslint-disable import-x/no-restricted-paths -- type-only: the one place that types every namespace,
   features' own (src/features/<area>/locales) included; nothing of a feature reaches the bundle. */
import type account from '@/features/account/locales/nb.json';
import type auth from '@/features/auth/locales/nb.json';
import type funnels from '@/features/funnels/locales/nb.json';
import type leadImport from '@/features/lead-import/locales/nb.json';
import type leads from '@/features/leads/locales/nb.json';
import type legal from '@/features/legal/locales/nb.json';
import type lifetimeValue from '@/features/lifetime-value/locales/nb.json';
import type marketplace from '@/features/marketplace/locales/nb.json';
import type onboarding from '@/features/onboarding/locales/nb.json';
import type organizations from '@/features/organizations/locales/nb.json';
import type payments from '@/features/payments/locales/nb.json';
import type bookingErrors from '@/locales/nb/booking-errors.json';
import type booking from '@/locales/nb/booking.json';
import type calendarErrors from '@/locales/nb/calendar-errors.json';
import type calendars from '@/locales/nb/calendars.json';
import type campaignErrors from '@/locales/nb/campaign-errors.json';
import type checkoutErrors from '@/locales/nb/checkout-errors.json';
import type checkouts from '@/locales/nb/checkouts.json';
import type common from '@/locales/nb/common.json';
import type competitionErrors from '@/locales/nb/competition-errors.json';
import type competitions from '@/locales/nb/competitions.json';
import type components from '@/locales/nb/components.json';
import type errors from '@/locales/nb/errors.json';
import type formErrors from '@/locales/nb/form-errors.json';
import type formsResults from '@/locales/nb/forms-results.json';
import type forms from '@/locales/nb/forms.json';
import type funnelErrors from '@/locales/nb/funnel-errors.json';
import type media from '@/locales/nb/media.json';
import type meetingErrors from '@/locales/nb/meeting-errors.json';
import type meetings from '@/locales/nb/meetings.json';
import type member from '@/locales/nb/member.json';
import type popupErrors from '@/locales/nb/popup-errors.json';
import type popupsEditor from '@/locales/nb/popups-editor.json';
import type popups from '@/locales/nb/popups.json';
import type receipts from '@/locales/nb/receipts.json';
import type revenueErrors from '@/locales/nb/revenue-errors.json';
import type shell from '@/locales/nb/shell.json';

// Typed keys: `t('nav.leads')` is checked against the Norwegian source strings.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof common;
      errors: typeof errors;
      receipts: typeof receipts;
      components: typeof components;
      member: typeof member;
      media: typeof media;
      shell: typeof shell;
      calendars: typeof calendars;
      'campaign-errors': typeof campaignErrors;
      'calendar-errors': typeof calendarErrors;
      'competition-errors': typeof competitionErrors;
      competitions: typeof competitions;
      'form-errors': typeof formErrors;
      forms: typeof forms;
      'forms-results': typeof formsResults;
      'checkout-errors': typeof checkoutErrors;
      checkouts: typeof checkouts;
      'popup-errors': typeof popupErrors;
      popups: typeof popups;
      'popups-editor': typeof popupsEditor;
      'funnel-errors': typeof funnelErrors;
      funnels: typeof funnels;
      'booking-errors': typeof bookingErrors;
      booking: typeof booking;
      'meeting-errors': typeof meetingErrors;
      meetings: typeof meetings;
      'revenue-errors': typeof revenueErrors;
      'lifetime-value': typeof lifetimeValue;
      account: typeof account;
      organizations: typeof organizations;
      auth: typeof auth;
      onboarding: typeof onboarding;
      leads: typeof leads;
      'lead-import': typeof leadImport;
      marketplace: typeof marketplace;
      legal: typeof legal;
      payments: typeof payments;
    };
  }
}
