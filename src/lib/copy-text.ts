import { notify } from '@/components/notification-store';

/**
 * Copies text to the clipboard and says so; where the browser refuses (no permission, an insecure
 * page) the message carries the text so it can still be copied by hand.
 */
export async function copyText(text: string, messages: { done: string; failed: string }) {
  try {
    await navigator.clipboard.writeText(text);
    notify({ message: messages.done, tone: 'success' });
  } catch {
    notify({ message: messages.failed, tone: 'error', duration: 15_000 });
  }
}
