import { Outlet } from 'react-router-dom';

/** No layout navigation: the join page and the embeddable iframes, which other sites frame. */
export function BareLayout() {
  return (
    <main id="main">
      <Outlet />
    </main>
  );
}
