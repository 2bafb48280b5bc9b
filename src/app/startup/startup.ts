import { startAssistant } from './assistant';
import { startI18n } from './i18n';
import { startSharedComponents } from './shared-components';
import { startTagManagerAnalytics } from './tag-manager';

/**
 * The four start-up modules, in order: internationalization, the assistant, shared
 * components and tag-manager analytics. The app mounts when all have finished.
 */
export const startupModules = [
  { name: 'i18n', start: startI18n },
  { name: 'assistant', start: startAssistant },
  { name: 'shared-components', start: startSharedComponents },
  { name: 'tag-manager', start: startTagManagerAnalytics },
] as const;

export async function runStartup(): Promise<void> {
  for (const module of startupModules) await module.start();
}
