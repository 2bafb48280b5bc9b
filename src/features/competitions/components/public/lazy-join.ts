import { lazy } from 'react';

/*
 * The join form and its outcome, loaded when a visitor opens one (or arrives with an invite link):
 * the pages' first paint, which most visitors only read, stays within the public budget without
 * them. Render them inside <Suspense>.
 */
export const LazyJoinForm = lazy(() =>
  import('./join-form').then((module) => ({ default: module.JoinForm })),
);
export const LazyJoinResult = lazy(() =>
  import('./join-result').then((module) => ({ default: module.JoinResult })),
);
