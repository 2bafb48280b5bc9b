import { keyRoots } from '@/lib/api/key-roots';

export const assistantKeys = {
  all: keyRoots.assistant,
  help: (language: string) => [...assistantKeys.all, 'help', language] as const,
};
