import type { Role } from './types';

/** The roles an invitation or a role change can give: never owner (the database refuses it). */
export const INVITABLE_ROLES = ['admin', 'member'] as const satisfies readonly Role[];
export type InvitableRole = (typeof INVITABLE_ROLES)[number];
