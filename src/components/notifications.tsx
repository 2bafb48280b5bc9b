import { Toast } from 'radix-ui';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import {
  NOTIFICATION_DEFAULT_DURATION_MS,
  dismissNotification,
  getNotifications,
  subscribeNotifications,
} from '@/components/notification-store';
import type { NotificationTone } from '@/components/notification-store';
import styles from '@/components/notifications.module.css';

// Shape, not just colour, tells the tones apart (WCAG 1.4.1).
const TONE_ICON: Record<NotificationTone, string> = { info: 'i', success: '✓', error: '!' };

/**
 * Shows notify() messages above a phone's bottom edge or in a desktop's top-right corner, or at the
 * other edge when the control just used is there (toast-placement.ts). Mount once, near the root.
 */
export function NotificationsHost() {
  const { t } = useTranslation('components');
  const notifications = useSyncExternalStore(subscribeNotifications, getNotifications, getNotifications);
  const placement = notifications.findLast((item) => item.open)?.placement ?? 'default';

  return (
    <Toast.Provider
      duration={NOTIFICATION_DEFAULT_DURATION_MS}
      swipeDirection="down"
      label={t('notification')}
    >
      {notifications.map((notification) => (
        <Toast.Root
          key={notification.id}
          className={styles.toast}
          data-tone={notification.tone}
          open={notification.open}
          onOpenChange={(open) => {
            if (!open) dismissNotification(notification.id);
          }}
          duration={notification.duration}
          // Foreground toasts are announced assertively (alert semantics); errors must interrupt.
          type={notification.tone === 'error' ? 'foreground' : 'background'}
        >
          <span className={styles.icon} aria-hidden="true">
            {TONE_ICON[notification.tone]}
          </span>
          <div className={styles.text}>
            {notification.title ? (
              <Toast.Title className={styles.title}>{notification.title}</Toast.Title>
            ) : null}
            <Toast.Description>{notification.message}</Toast.Description>
          </div>
          <Toast.Close className={styles.close} aria-label={t('closeNotification')}>
            <span aria-hidden="true">×</span>
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport
        className={styles.viewport}
        data-placement={placement}
        label={t('notificationsRegion')}
      />
    </Toast.Provider>
  );
}
