import { FunctionsClient } from '@supabase/functions-js';
import { baseUrl, fetchWithAuth } from './supabase-auth';

export { FunctionsFetchError, FunctionsHttpError, FunctionsRelayError } from '@supabase/functions-js';

/** The edge-function client, with the user's access token on every call (see ./supabase-auth). */
export const functions = new FunctionsClient(new URL('functions/v1', baseUrl).href, {
  customFetch: fetchWithAuth,
});
