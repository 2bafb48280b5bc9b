import { Outlet } from 'react-router-dom';

/** No layout navigation: the join page and the embeddable iframes (spec §2). */
export function BareLayout() {
  return (
    <main id="main">
      <Outlet />
    </main>
  );
}
