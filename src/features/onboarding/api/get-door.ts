import { publicRpc } from '@/lib/public/public-rpc';
import type { Door } from '../types';
import { DoorUnavailableError, parseDoor } from '../utils/door';

/** This host's marketplace door, read as a visitor through the public pages' anon client. */
export async function fetchDoor(host: string): Promise<Door> {
  const answer = await publicRpc<unknown>('marketplace_door', { input_host: host }).catch(
    (error: unknown) => {
      throw new DoorUnavailableError(`marketplace_door failed: ${String(error)}`, { cause: error });
    },
  );
  return parseDoor(answer);
}
