import { GuestPollPage } from '../components/guest/guest-poll-page';

// The registry loads the page's texts through this module (src/app/public-routes.ts).
// eslint-disable-next-line react-refresh/only-export-components -- a public page has no fast refresh
export { guestMessages } from '../components/guest/guest-texts';

/** `/motetid?token=…`: the guest's answer page (lean public entry: no router, i18next or supabase-js). */
export default function GuestPollRoute() {
  return <GuestPollPage token={new URLSearchParams(window.location.search).get('token')} />;
}
