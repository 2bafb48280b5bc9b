import { keyRoots } from '@/lib/api/key-roots';

/** Account settings (/profile): what the settings screen reads beside the account facts. */
export const accountSettingsKeys = {
  all: keyRoots.accountSettings,
  factors: (userId: string) => [...accountSettingsKeys.all, 'factors', userId] as const,
};
