import type { ToastPlacement } from '@/components/toast-placement';

// A module-level store so notify() works from anywhere — event handlers, query callbacks, router
// loaders — including before <NotificationsHost /> mounts (queued notifications show on mount).

/** Spec: notifications stay for five seconds unless told otherwise. */
export const NOTIFICATION_DEFAULT_DURATION_MS = 5000;

export type NotificationTone = 'info' | 'success' | 'error';

export type NotifyOptions = {
  message: string;
  tone?: NotificationTone;
  /** Milliseconds on screen; Infinity keeps it until dismissed. */
  duration?: number;
  title?: string;
};

export type Notification = {
  id: number;
  message: string;
  tone: NotificationTone;
  duration: number;
  title: string | undefined;
  /** False once dismissed; kept briefly so the toast can animate out. */
  open: boolean;
  /** Where the host decided to show it as it was raised (toast-placement.ts); unset before it mounts. */
  placement: ToastPlacement | undefined;
};

let notifications: readonly Notification[] = [];
let placer: (() => ToastPlacement) | undefined;
let nextId = 1;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

/** Shows a notification and returns its id; an identical one already on screen is reused. */
export function notify({ message, tone = 'info', duration, title }: NotifyOptions): number {
  const duplicate = notifications.find(
    (item) => item.open && item.message === message && item.tone === tone && item.title === title,
  );
  if (duplicate) return duplicate.id;

  const notification: Notification = {
    id: nextId++,
    message,
    tone,
    duration: duration ?? NOTIFICATION_DEFAULT_DURATION_MS,
    title,
    open: true,
    // Decided now, while the control that raised it still has the focus.
    placement: placer?.(),
  };
  // Closed ones have finished animating by the time another arrives; drop them here.
  notifications = [...notifications.filter((item) => item.open), notification];
  emit();
  return notification.id;
}

/** The host's rule for where a toast goes, asked as each one is raised. */
export function setNotificationPlacer(next: (() => ToastPlacement) | undefined): void {
  placer = next;
}

export function dismissNotification(id: number): void {
  if (!notifications.some((item) => item.id === id && item.open)) return;
  notifications = notifications.map((item) => (item.id === id ? { ...item, open: false } : item));
  emit();
}

/** Removes everything at once, e.g. on sign-out or between tests. */
export function clearNotifications(): void {
  notifications = [];
  emit();
}

export function subscribeNotifications(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function getNotifications(): readonly Notification[] {
  return notifications;
}
