import { useLocation, type RouteObject } from 'react-router-dom';

/** Where the app went: the path and query, so a test can read it off the screen. */
function Landed() {
  const location = useLocation();
  return <p data-testid="landed">{`${location.pathname}${location.search}`}</p>;
}

/** A catch-all route for renderApp's `routes` that shows where a screen navigated to. */
export const landedRoute: RouteObject = { path: '*', element: <Landed /> };
