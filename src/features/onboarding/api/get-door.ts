import { env } from '@/lib/env';
import type { Door } from '../types';
import { DoorUnavailableError, parseDoor } from '../utils/door';

/** One RPC call with the publishable anon key, as PostgREST expects it. */
export async function fetchDoor(host: string, fetcher: typeof fetch = fetch): Promise<Door> {
  const response = await fetcher(`${env.VITE_SUPABASE_URL}/rest/v1/rpc/marketplace_door`, {
    method: 'POST',
    headers: {
      apikey: env.VITE_SUPABASE_ANON_KEY,
      Authorization: `Bearer ${env.VITE_SUPABASE_ANON_KEY}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({ input_host: host }),
  });
  if (!response.ok) throw new DoorUnavailableError(`marketplace_door answered ${response.status}`);
  return parseDoor(await response.json());
}
