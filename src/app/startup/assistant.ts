import { setAssistantEnabled } from '@/features/assistant/hooks/use-assistant-open';
import { env } from '@/lib/env';

/** The assistant's panel and `?` shortcut; its help texts load the first time it opens. */
export function startAssistant() {
  setAssistantEnabled(env.VITE_ASSISTANT_ENABLED === 'true');
}
