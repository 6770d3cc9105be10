import { Suspense, lazy, useEffect, useState, useSyncExternalStore } from 'react';
import type { NotificationsStore } from '@mantine/notifications';
import { modalsHost } from './confirm-modal.ts';
import { toastStore } from './toast-store.ts';

// Both load on demand: a page's first load carries neither the toast container nor the modal manager.
const Notifications = lazy(() => import('./toasts.tsx'));
const ModalsProvider = lazy(() => import('./modals-provider.tsx'));

/**
 * The toast container mounts with the first toast: toasts shown before it wait in the notifications
 * store (`notifications.show` needs only the store) and appear, with their timers, when it mounts. The store
 * itself is watched once it has loaded (toast-store.ts).
 */
export function ToastHost() {
  // Every store here is read the same way in a render at build (web/prerender.tsx) and while hydrating it.
  const store = useSyncExternalStore(toastStore.subscribe, toastStore.loaded, toastStore.loaded)?.notificationsStore;
  const [needed, setNeeded] = useState(false);
  useEffect(() => {
    if (needed || !store) return;
    if (hasToasts(store)) setNeeded(true);
    return store.subscribe(() => hasToasts(store) && setNeeded(true));
  }, [needed, store]);
  return needed ? (
    <Suspense>
      <Notifications />
    </Suspense>
  ) : null;
}

function hasToasts(store: NotificationsStore): boolean {
  const { notifications, queue } = store.getState();
  return notifications.length + queue.length > 0;
}

/** Mantine's modal manager, mounted when the first confirm dialog is asked for (`openConfirmModal`). */
export function ModalsHost() {
  const requested = useSyncExternalStore(modalsHost.subscribe, modalsHost.requested, modalsHost.requested);
  return requested ? (
    <Suspense>
      <ModalsProvider onListening={modalsHost.ready} />
    </Suspense>
  ) : null;
}
