import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { notify } from '@/components/notification-store';
import { errorMessage } from '@/lib/error-message';
import { type AppError, toAppError } from '@/lib/errors';

// Retrying will not change these answers.
const FINAL_CODES = new Set([
  'not-signed-in',
  'forbidden',
  'not-found',
  'lead-not-found',
  'session_not_found',
]);

declare module '@tanstack/react-query' {
  interface Register {
    defaultError: AppError;
    /** `silent`: the screen shows the error itself, so no notification. */
    mutationMeta: { silent?: boolean };
  }
}

/** Background failures become notifications; failures a screen renders do not (it shows them where they happened). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        const appError = toAppError(error);
        // Only refetches of data already on screen are "background"; first loads render their error.
        if (appError.code === 'not-signed-in' || query.state.data !== undefined) {
          notify({ message: errorMessage(appError), tone: 'error' });
        }
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (!mutation.meta?.silent) notify({ message: errorMessage(toAppError(error)), tone: 'error' });
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (failureCount, error) => !FINAL_CODES.has(toAppError(error).code) && failureCount < 2,
      },
    },
  });
}
