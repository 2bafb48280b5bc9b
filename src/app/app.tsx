import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from 'react-router-dom';
import { LazyDialogHost, LazyNotificationsHost } from './lazy-hosts';
import type { AppRouter } from './router';

/** Providers and the shared hosts (notifications, dialogs) around the router. */
export function App({ router, queryClient }: { router: AppRouter; queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <LazyNotificationsHost />
      <LazyDialogHost />
    </QueryClientProvider>
  );
}
