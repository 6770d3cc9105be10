import { Suspense, lazy, useEffect, useState, useSyncExternalStore } from 'react';
import { notificationsStore } from '@mantine/notifications';
import { modalsHost } from './confirm-modal.ts';

// Both load on demand: a page's first load carries neither the toast container nor the modal manager.
const Notifications = lazy(() => import('./toasts.tsx'));
const ModalsProvider = lazy(() => import('./modals-provider.tsx'));

/**
 * The toast container mounts with the first toast: toasts shown before it wait in the notifications
 * store (`notifications.show` needs only the store) and appear, with their timers, when it mounts.
 */
export function ToastHost() {
  const [needed, setNeeded] = useState(() => hasToasts());
  useEffect(() => {
    if (needed) return;
    if (hasToasts()) setNeeded(true);
    return notificationsStore.subscribe(() => hasToasts() && setNeeded(true));
  }, [needed]);
  return needed ? (
    <Suspense>
      <Notifications />
    </Suspense>
  ) : null;
}

function hasToasts(): boolean {
  const { notifications, queue } = notificationsStore.getState();
  return notifications.length + queue.length > 0;
}

/** Mantine's modal manager, mounted when the first confirm dialog is asked for (`openConfirmModal`). */
export function ModalsHost() {
  const requested = useSyncExternalStore(modalsHost.subscribe, modalsHost.requested);
  return requested ? (
    <Suspense>
      <ModalsProvider onListening={modalsHost.ready} />
    </Suspense>
  ) : null;
}
