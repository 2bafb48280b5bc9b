import { useEffect } from 'react';
import { reportHeightToParent } from '@/lib/public/report-height';
import { PublicFormPage } from '../components/public/public-form-page';

const FORM_IFRAME_PATH = '/skjema/iframe';

// The registry loads the page's texts through this module (src/app/public-routes.ts).
// eslint-disable-next-line react-refresh/only-export-components -- a public page has no fast refresh
export { formMessages } from '@/components/public/form-fields/form-texts';

/**
 * A published form: `/skjema/:id` on its own page, or `/skjema/iframe?id=…` inside a customer's page,
 * whose height goes to the parent (`leadtorget:height`, docs/campaign-engine.md «Embeds»). One
 * registry entry for both (src/app/public-routes.ts).
 */
export default function FormPublicRoute() {
  const embedded = window.location.pathname === FORM_IFRAME_PATH;
  useEffect(() => (embedded ? reportHeightToParent() : undefined), [embedded]);
  const id = embedded
    ? new URLSearchParams(window.location.search).get('id')
    : (window.location.pathname.split('/').filter(Boolean)[1] ?? null);
  return <PublicFormPage formId={id} embedded={embedded} />;
}
