import { FunnelPage } from '../components/public/funnel-page';

// The registry loads the page's texts through this module (src/app/public-routes.ts).
// eslint-disable-next-line react-refresh/only-export-components -- a public page has no fast refresh
export { funnelMessages } from '../components/public/funnel-texts';

/** A published funnel's step: `/trakt/:id` (the first step) or `/trakt/:id/:stepId` (docs/funnels.md). */
export default function FunnelPublicRoute() {
  const [, funnelId, stepId] = window.location.pathname.split('/').filter(Boolean);
  return <FunnelPage funnelId={funnelId ?? null} stepId={stepId ?? null} />;
}
