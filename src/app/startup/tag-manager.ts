import { startTagManager } from '@/lib/analytics/tag-manager';
import { env } from '@/lib/env';

export function startTagManagerAnalytics() {
  startTagManager(env.VITE_GTM_ID);
}
