import { lazy, Suspense, useEffect } from 'react';
import { reportHeightToParent } from '@/lib/public/report-height';
import { MANAGE_PATH } from '../components/public/booking-api';

// Each path loads only its own page: the visitor booking never downloads the manage page's code.
const BookingPage = lazy(() =>
  import('../components/public/booking-page').then((module) => ({ default: module.BookingPage })),
);
const ManagePage = lazy(() =>
  import('../components/public/manage-page').then((module) => ({ default: module.ManagePage })),
);

const BOOKING_IFRAME_PATH = '/booking/iframe';

/** The solution's id in `/booking/:id` or `/booking/iframe?id=…`; null elsewhere (the manage page). */
function solutionIdOf({ pathname, search }: Pick<Location, 'pathname' | 'search'>) {
  if (!pathname.startsWith('/booking/') || pathname.startsWith(MANAGE_PATH)) return null;
  if (pathname.startsWith(BOOKING_IFRAME_PATH)) return new URLSearchParams(search).get('id');
  return pathname.split('/').filter(Boolean)[1] ?? null;
}

// The registry loads the pages' texts through this module (src/app/public-routes.ts).
// eslint-disable-next-line react-refresh/only-export-components -- a public page has no fast refresh
export { bookingMessages } from '../components/public/booking-texts';

/**
 * The booking pages, one module for the registry's one entry (every entry's files are listed in the
 * public entry that each public page loads): a published booking solution at `/booking/:id`, or
 * `/booking/iframe?id=…` inside a customer's page, whose height goes to the parent
 * (docs/campaign-engine.md «Embeds»); and the booking's manage page at `/booking/endre?token=…`, the
 * e-mail's signed link.
 */
export default function BookingPublicRoute() {
  const { pathname, search } = window.location;
  const embedded = pathname.startsWith(BOOKING_IFRAME_PATH);
  useEffect(() => (embedded ? reportHeightToParent() : undefined), [embedded]);
  return (
    <Suspense fallback={null}>
      {pathname.startsWith(MANAGE_PATH) ? (
        <ManagePage token={new URLSearchParams(search).get('token')} />
      ) : (
        <BookingPage solutionId={solutionIdOf(window.location)} />
      )}
    </Suspense>
  );
}
