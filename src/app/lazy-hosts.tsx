import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { getCurrentConfirm, subscribeConfirm } from '@/components/dialog-store';
import {
  getNotifications,
  setNotificationPlacer,
  subscribeNotifications,
} from '@/components/notification-store';
import { currentToastPlacement, rememberLastControl } from '@/components/toast-placement';
import { useAssistantOpen } from '@/features/assistant/hooks/use-assistant-open';

/*
 * The notification host, the confirm dialog and the assistant are on every screen but rarely
 * used, and their primitives cost ~17 KiB gzip. Each mounts (and its code loads) the first time
 * it is needed; their stores queue what was asked for meanwhile.
 */
const NotificationsHost = lazy(() =>
  import('@/components/notifications').then((module) => ({ default: module.NotificationsHost })),
);
const DialogHost = lazy(() =>
  import('@/components/dialog-host').then((module) => ({ default: module.DialogHost })),
);
const AssistantPanel = lazy(() =>
  import('@/features/assistant/components/assistant-panel').then((module) => ({
    default: module.AssistantPanel,
  })),
);

/** True from the first time `needed` is true, for good (so closing animations can finish). */
function useNeededOnce(needed: boolean): boolean {
  const [once, setOnce] = useState(needed);
  if (needed && !once) setOnce(true);
  return once || needed;
}

export function LazyNotificationsHost() {
  // Where each toast goes is decided as it is raised, from the control just used, even before the
  // host's code has loaded (toast-placement.ts).
  useEffect(() => {
    const forget = rememberLastControl();
    setNotificationPlacer(currentToastPlacement);
    return () => {
      setNotificationPlacer(undefined);
      forget();
    };
  }, []);
  const hasAny = useSyncExternalStore(
    subscribeNotifications,
    () => getNotifications().length > 0,
    () => false,
  );
  const needed = useNeededOnce(hasAny);
  return needed ? (
    <Suspense fallback={null}>
      <NotificationsHost />
    </Suspense>
  ) : null;
}

export function LazyDialogHost() {
  const asking = useSyncExternalStore(
    subscribeConfirm,
    () => getCurrentConfirm() !== null,
    () => false,
  );
  const needed = useNeededOnce(asking);
  return needed ? (
    <Suspense fallback={null}>
      <DialogHost />
    </Suspense>
  ) : null;
}

export function LazyAssistantPanel({ routeName }: { routeName: string | undefined }) {
  const needed = useNeededOnce(useAssistantOpen());
  return needed ? (
    <Suspense fallback={null}>
      <AssistantPanel routeName={routeName} />
    </Suspense>
  ) : null;
}
