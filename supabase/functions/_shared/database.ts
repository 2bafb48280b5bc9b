/**
 * The database's functions as the functions call them, typed by the generated schema
 * (src/lib/database.types.ts, `npm run db:types`): arguments and rows checked at compile time, so no
 * row is cast. A type-only import: nothing of the app is bundled into a function.
 */
import type { Database } from '../../../src/lib/database.types.ts';
import type { SupabaseClient } from './deps.ts';
import { errorOf } from './supabase.ts';

export type { Database };

type Functions = Database['public']['Functions'];

/** One database function by name: its arguments in, its result out; a database error is thrown. */
export type Rpc = <Name extends keyof Functions>(
  name: Name,
  args: Functions[Name]['Args'],
) => Promise<Functions[Name]['Returns']>;

/**
 * `Rpc` over a supabase-js client. The one cast of a row left: supabase-js answers `rpc` untyped
 * unless the whole client is typed, and `Rpc`'s signature is the schema's.
 */
export function rpcOf(client: SupabaseClient): Rpc {
  return async (name, args) => {
    const { data, error } = await client.rpc(name, args);
    if (error) throw errorOf(error);
    return data as Functions[typeof name]['Returns'];
  };
}
